/**
 * A readable API reference rendered on the server from the OpenAPI document: no scripts and no
 * outside assets (the network may be closed), one section per operation, and an entry for each
 * problem type (the `type` of every error body points here).
 */
import { problemCodes, type ProblemCode } from '../problem';

type Json = Record<string, unknown>;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const pretty = (value: unknown) => `<pre>${escapeHtml(JSON.stringify(value, null, 2))}</pre>`;

export function renderDocsPage(document: Json): string {
  const info = (document.info ?? {}) as Json;
  const title = `${String(info.title ?? 'API')} ${String(info.version ?? '')}`.trim();
  const server = ((document.servers as Json[] | undefined)?.[0]?.url as string | undefined) ?? '';
  const operations: string[] = [];
  const index: string[] = [];
  for (const [path, methods] of Object.entries((document.paths ?? {}) as Record<string, Json>)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as Json;
      const id = String(op.operationId ?? `${method}-${path}`);
      index.push(
        `<li><a href="#op-${escapeHtml(id)}"><span class="m ${method}">${method.toUpperCase()}</span> ${escapeHtml(server + path)}</a> ${escapeHtml(String(op.summary ?? ''))}</li>`,
      );
      operations.push(renderOperation(server, path, method, id, op));
    }
  }
  const problems = (Object.keys(problemCodes) as ProblemCode[])
    .map(
      (code) =>
        `<tr id="problem-${code}"><td><code>${code}</code></td><td>${problemCodes[code].status}</td><td>${escapeHtml(problemCodes[code].title)}</td></tr>`,
    )
    .join('');
  const schemas = Object.entries(
    ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>,
  )
    .map(
      ([name, schema]) =>
        `<h3 id="schema-${escapeHtml(name)}"><code>${escapeHtml(name)}</code></h3>${pretty(schema)}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#1c2127}
h1{margin-bottom:0}section.op{border:1px solid #d3d8de;border-radius:6px;padding:.5rem 1rem;margin:1rem 0}
.m{display:inline-block;min-width:4.5em;font-weight:600;text-align:center;border-radius:3px;color:#fff;padding:0 .3em}
.get{background:#2d72d2}.post{background:#238551}.put{background:#c87619}.patch{background:#7961db}.delete{background:#cd4246}
pre{background:#f6f7f9;padding:.5rem;overflow:auto;font-size:13px}table{border-collapse:collapse}
td,th{border:1px solid #d3d8de;padding:.2rem .5rem;text-align:left;vertical-align:top}ul.index{list-style:none;padding:0}
</style></head><body>
<h1>${escapeHtml(title)}</h1>
${info.description ? `<p>${escapeHtml(String(info.description))}</p>` : ''}
<p>The machine-readable document: <a href="${escapeHtml(server)}/openapi.json">${escapeHtml(server)}/openapi.json</a> (OpenAPI 3.1).
Signed-in routes take <code>Authorization: Bearer &lt;token&gt;</code>. Errors are <code>application/problem+json</code>.</p>
<h2>Operations</h2><ul class="index">${index.join('')}</ul>
${operations.join('\n')}
<h2 id="schemas">Shared schemas</h2>
<p>A <code>$ref</code> of <code>#/components/schemas/Name</code> refers to the entry of that name here.</p>
${schemas}
<h2 id="problems">Problem types</h2>
<table><tr><th>code</th><th>status</th><th>title</th></tr>${problems}</table>
</body></html>`;
}

function renderOperation(server: string, path: string, method: string, id: string, op: Json): string {
  const roles = (op['x-roles'] as string[] | undefined) ?? [];
  const parameters = ((op.parameters as Json[] | undefined) ?? [])
    .map(
      (p) =>
        `<tr><td><code>${escapeHtml(String(p.name))}</code></td><td>${escapeHtml(String(p.in))}</td><td>${p.required ? 'yes' : 'no'}</td><td>${pretty(p.schema)}</td></tr>`,
    )
    .join('');
  const body = ((op.requestBody as Json | undefined)?.content as Record<string, Json> | undefined)?.[
    'application/json'
  ];
  const responses = Object.entries((op.responses ?? {}) as Record<string, Json>)
    .map(([status, response]) => {
      const content = Object.entries((response.content ?? {}) as Record<string, Json>)[0];
      return `<tr><td>${escapeHtml(status)}</td><td>${escapeHtml(String(response.description ?? ''))}</td><td>${
        content ? `<code>${escapeHtml(content[0])}</code>${pretty(content[1].schema)}` : ''
      }</td></tr>`;
    })
    .join('');
  return `<section class="op" id="op-${escapeHtml(id)}">
<h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(server + path)}</code></h3>
<p>${escapeHtml(String(op.summary ?? ''))}</p>
${op.description ? `<p>${escapeHtml(String(op.description))}</p>` : ''}
<p>Access: ${roles.length ? roles.map((role) => `<code>${escapeHtml(role)}</code>`).join(', ') : 'public'}</p>
${parameters ? `<h4>Parameters</h4><table><tr><th>name</th><th>in</th><th>required</th><th>schema</th></tr>${parameters}</table>` : ''}
${body ? `<h4>Request body</h4>${pretty(body.schema)}` : ''}
<h4>Responses</h4><table><tr><th>status</th><th>description</th><th>body</th></tr>${responses}</table>
</section>`;
}
