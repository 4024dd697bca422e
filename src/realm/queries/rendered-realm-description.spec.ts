import { DescriptionRenderer } from '../../platform/markdown/description-renderer';
import { RenderedRealmDescription } from './rendered-realm-description';

class CountingRenderer extends DescriptionRenderer {
  calls: string[] = [];
  renderDescription(realmId: number, text: string): Promise<string> {
    this.calls.push(`${realmId}:${text}`);
    return Promise.resolve(`<p>${text}</p>`);
  }
}

describe('RenderedRealmDescription', () => {
  it('renders a realm description once, and again when its text changes', async () => {
    const renderer = new CountingRenderer();
    const description = new RenderedRealmDescription(renderer);
    expect(await description.of(1, 'Hi')).toBe('<p>Hi</p>');
    expect(await description.of(1, 'Hi')).toBe('<p>Hi</p>');
    expect(await description.of(2, 'Hi')).toBe('<p>Hi</p>');
    expect(await description.of(1, 'Bye')).toBe('<p>Bye</p>');
    expect(renderer.calls).toEqual(['1:Hi', '2:Hi', '1:Bye']);
  });

  it('keeps a bounded number, dropping the oldest first', async () => {
    const renderer = new CountingRenderer();
    const description = new RenderedRealmDescription(renderer);
    for (let realm = 0; realm < 501; realm++) await description.of(realm, 'x');
    await description.of(500, 'x');
    await description.of(0, 'x');
    expect(renderer.calls).toHaveLength(502);
  });
});
