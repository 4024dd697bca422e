import { parseQueueNarrow } from './register-options';

describe("register's narrow", () => {
  it('takes pairs and objects, up to 100 terms', () => {
    expect(parseQueueNarrow([['stream', 'design'], { operator: 'topic', operand: 'lunch' }])).toHaveLength(2);
    const terms = (count: number) => Array.from({ length: count }, (_, i) => ['topic', `t${i}`]);
    expect(parseQueueNarrow(terms(100))).toHaveLength(100);
    expect(() => parseQueueNarrow(terms(101))).toThrow('narrow has more than 100 terms');
  });
});
