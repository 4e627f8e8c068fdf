// Finds Debian's Chromium for the browser tier: CHROMIUM_PATH, else /usr/bin/chromium. On Debian
// as root it installs the package when missing; anywhere else it fails saying how to install it.
// The browser tier is never skipped silently.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

export function findChromium() {
  const wanted = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (existsSync(wanted)) return wanted;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const isDebian = existsSync('/etc/debian_version');
  if (isRoot && isDebian && !process.env.CHROMIUM_PATH) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    execFileSync('apt-get', ['update'], { stdio: 'inherit' });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (existsSync(wanted)) return wanted;
  }
  console.error(
    `\n✖ The browser tests need Chromium at ${wanted}.\n` +
      '  Install it with `sudo apt-get install -y chromium` (Debian/Ubuntu),\n' +
      '  or point CHROMIUM_PATH at a Chromium or Chrome binary.\n',
  );
  process.exit(1);
}
