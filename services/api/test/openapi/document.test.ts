/**
 * The document says what every route answers and how its body is sent: each 2xx answer has a
 * content type (and JSON ones a schema), every multer route declares its multipart form, and
 * every other body is JSON. Built without a database, from the same declarations as the router.
 */
import { buildApiDocument, declaredApiRoutes } from '../../src/cli/openapi-document';
import { openApiPath } from '../../src/http';
import { multipartFieldOf } from '../../src/uploads/image-upload';

type Operation = {
  requestBody?: { content: Record<string, { schema: { properties: Record<string, { format?: string }> } }> };
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
};

const document = buildApiDocument() as { paths: Record<string, Record<string, Operation>> };
const operations = Object.entries(document.paths).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
);

describe('the OpenAPI document', () => {
  it('describes every success answer with a content type, and JSON ones with a schema', () => {
    const undescribed = operations.flatMap(([name, operation]) =>
      Object.entries(operation.responses)
        .filter(([status]) => /^2\d\d$/.test(status) && status !== '204')
        .filter(([, response]) => {
          const content = Object.entries(response.content ?? {});
          return content.length === 0 || content.some(([, media]) => !media.schema);
        })
        .map(([status]) => `${name} ${status}`),
    );
    expect(undescribed).toEqual([]);
  });

  it('declares multipart/form-data, with binary file fields, for the routes that read files, and JSON for every other body', () => {
    const bodies = Object.fromEntries(
      operations
        .filter(([, operation]) => operation.requestBody)
        .map(([name, operation]) => [name, Object.keys(operation.requestBody!.content)]),
    );
    const multipart = Object.entries(bodies)
      .filter(([, types]) => types.includes('multipart/form-data'))
      .map(([name]) => name)
      .sort();
    // Every route with a multer step, found from its middleware, not from a list kept by hand.
    const readers = declaredApiRoutes()
      .map((route) => ({
        name: `${route.method.toUpperCase()} ${openApiPath(route.path)}`,
        fields: (route.middleware ?? []).map(multipartFieldOf).filter(Boolean),
      }))
      .filter((route) => route.fields.length > 0);
    expect(readers.map((route) => route.name).sort()).toEqual(multipart);
    expect(multipart).toEqual(['POST /admin/uploads/campaign-image', 'POST /tasks/submit']);
    for (const [name, types] of Object.entries(bodies))
      expect([name, types]).toEqual([
        name,
        multipart.includes(name) ? ['multipart/form-data'] : ['application/json'],
      ]);

    const files = (name: string) => {
      const [, operation] = operations.find(([n]) => n === name)!;
      const properties = operation.requestBody!.content['multipart/form-data']!.schema.properties;
      return Object.entries(properties)
        .filter(([, p]) => p.format === 'binary')
        .map(([field]) => field);
    };
    for (const route of readers) expect([route.name, files(route.name)]).toEqual([route.name, route.fields]);
    expect(files('POST /tasks/submit')).toEqual(['proofImage']);
  });
});
