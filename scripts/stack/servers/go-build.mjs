// A server built from its Go module into the cache: `go install <module>@<version>` with GOBIN
// set to a folder named after the version, so a new pin builds anew and an old one is reused.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { build, dir, home, onPath, runDir } from '../home.mjs';

export function goBinary(tool, version) {
  return join(home, tool, version, tool);
}

export async function goInstall(tool, module, version) {
  const binary = goBinary(tool, version);
  if (existsSync(binary)) return 'cached';
  if (!onPath('go')) throw new Error(`no go on PATH: ${tool} is built from its Go module ${module}`);
  const log = join(dir(runDir, 'logs'), `${tool}-build.log`);
  await build('go', ['install', `${module}@${version}`], { env: { GOBIN: dir(home, tool, version) }, log });
  if (!existsSync(binary)) throw new Error(`go install ${module}@${version} made no ${binary}`);
  return `go install ${module}@${version}`;
}
