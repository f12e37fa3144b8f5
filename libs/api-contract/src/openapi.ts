import type { AppRouter } from '@ts-rest/core';
import { generateOpenApi } from '@ts-rest/open-api';

/**
 * The OpenAPI 3 document of an API made of `contract`: the API passes the contract it mounts (the core, every area's
 * routes and the CRUD of every entity), so the document describes exactly what it serves.
 */
export function openApiDocument(contract: AppRouter): ReturnType<typeof generateOpenApi> {
  const document = generateOpenApi(
    contract,
    {
      info: {
        title: 'Campus Administration System API',
        version: '1.0.6',
        description:
          'Core API of the Campus Administration System. Send `Authorization: Bearer cas.msc.…` from `POST /core/v1.0/auth`. ' +
          'Answers are encrypted envelopes (`text/plain`) unless the server runs with `RESPONSE_ENCRYPTION=off`.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: 'cas.msc.… token' } },
      },
      security: [{ bearer: [] }],
    },
    { setOperationId: true },
  );
  return document;
}
