/* global process */
// Stand-in for the external marketing site, so the e2e suite can see the claim form's redirect land.
import { createServer } from 'node:http';

const port = Number(process.env.MARKETING_PORT ?? 3211);
const page = `<!doctype html>
<html lang="en">
  <head><meta charset="utf-8"><title>TaxBack marketing site (test stand-in)</title></head>
  <body><main><h1>Marketing site</h1><p>Stand-in page for end-to-end tests.</p></main></body>
</html>`;

const server = createServer((request, response) => {
  response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
  response.end(request.method === 'HEAD' ? undefined : page);
});
server.listen(port, '127.0.0.1');

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
