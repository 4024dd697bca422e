import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
const ROOT = path.join(__dirname, '..');

interface CruisedFile {
  source: string;
  dependencies: { module: string; resolved: string }[];
}
interface Checker {
  bindingCycles(files: CruisedFile[], root: string): { binding: string; port: string; implementation: string; loop: string[] }[];
}
// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain Node script, not a module of src/
const checker = require(path.join(ROOT, 'scripts', 'port-bindings.js')) as Checker;

/**
 * scripts/port-bindings.js over a small graph of its own: groups declares a port that
 * channels binds to its directory, which reaches groups' directory. The binding module's
 * text is on disk (the script reads its `bindPort` calls); the imports are as
 * dependency-cruiser reports them.
 */
describe('port binding cycles', () => {
  let root: string;
  const BINDING = 'src/channels/for-modules-below.module.ts';
  const PORT = 'src/groups/public/channels.port.ts';
  const DIRECTORY = 'src/channels/queries/channel-directory.ts';
  const GROUPS = 'src/groups/queries/group-directory.ts';
  const USAGE = 'src/groups/persistence/group-usage.reader.ts';

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'port-bindings-'));
    fs.mkdirSync(path.join(root, 'src/channels'), { recursive: true });
    fs.writeFileSync(
      path.join(root, BINDING),
      [
        "import { bindPort, bindPortValue } from '../platform/modules/upward-port';",
        "import { GroupsChannelReader } from '../groups/public/channels.port';",
        "import { ChannelDirectory } from './queries/channel-directory';",
        'const ports = [bindPort(GroupsChannelReader, ChannelDirectory), bindPortValue(Other, {})];',
      ].join('\n'),
    );
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const binding: CruisedFile = {
    source: BINDING,
    dependencies: [
      { module: '../platform/modules/upward-port', resolved: 'src/platform/modules/upward-port.ts' },
      { module: '../groups/public/channels.port', resolved: PORT },
      { module: './queries/channel-directory', resolved: DIRECTORY },
    ],
  };
  const file = (source: string, ...targets: string[]): CruisedFile => ({ source, dependencies: targets.map((resolved) => ({ module: resolved, resolved })) });

  it('passes when nothing the implementation reaches injects the port', () => {
    const files = [binding, file(DIRECTORY, GROUPS, PORT), file(GROUPS), file(USAGE, PORT), file(PORT)];
    // The directory naming the port itself (`implements`) is no cycle.
    expect(checker.bindingCycles(files, root)).toEqual([]);
  });

  it('refuses a binding module that binds a provider by hand, which it could not follow', () => {
    const handMade = 'src/users/for-modules-below.module.ts';
    fs.mkdirSync(path.join(root, 'src/users'), { recursive: true });
    fs.writeFileSync(path.join(root, handMade), 'const ports = [{ provide: GroupsUserReader, useExisting: UserDirectory }];');
    expect(() => checker.bindingCycles([{ source: handMade, dependencies: [] }], root)).toThrow(/binds a provider by hand/);
  });

  it('fails when the implementation reaches a provider that injects the port, and shows the way', () => {
    const files = [binding, file(DIRECTORY, GROUPS), file(GROUPS, USAGE), file(USAGE, PORT), file(PORT)];
    expect(checker.bindingCycles(files, root)).toEqual([
      { binding: BINDING, port: PORT, implementation: DIRECTORY, loop: [DIRECTORY, GROUPS, USAGE, PORT] },
    ]);
  });
});
