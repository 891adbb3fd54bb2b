/**
 * npm run build [-- --clean] [-- --catalogue]: JSON schemas and the AUTHORING.md reference,
 * validation (the build stops on any error), the client and server bundles (`vike build`, cached),
 * the prerender of every route by Vike's renderPage in worker threads (streamed: render, inline
 * CSS, write, page by page; incremental), sitemap.xml and robots.txt. The steps are listed in
 * pipeline/run-build.ts. Output goes to a staging folder that replaces dist/ only when every step
 * succeeded.
 *   --clean      ignore the build cache (.cache/build/): bundle and render everything
 *   --catalogue  include the block catalogue (/_blocks) for authors
 */
import { parseBuildArgs, runBuild } from '../pipeline/run-build.ts';
import { exitOnHelpOrError } from '../engine/command-line.ts';

const args = exitOnHelpOrError(parseBuildArgs(process.argv.slice(2)));
process.exitCode = await runBuild({ root: process.cwd(), ...args });
