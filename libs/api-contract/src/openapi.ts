import { generateOpenApi } from '@ts-rest/open-api';
import { apiContract } from './api.js';

/** The OpenAPI 3 document of the whole API, generated from the contracts. */
export function openApiDocument(): ReturnType<typeof generateOpenApi> {
  const document = generateOpenApi(
    apiContract,
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
