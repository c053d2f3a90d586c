/** The API's error body (docs/CONTRACTS.md): `{ statusCode, error, message, fields? }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reads an error answer; tolerates bodies that are not JSON. */
export async function errorFromResponse(response: Response): Promise<ApiError> {
  let message = response.statusText || `Request failed (${response.status})`;
  let fields: Record<string, string> | undefined;
  try {
    const body: unknown = await response.json();
    if (typeof body === 'object' && body !== null) {
      const b = body as { message?: unknown; fields?: unknown };
      if (typeof b.message === 'string' && b.message !== '') message = b.message;
      if (typeof b.fields === 'object' && b.fields !== null) {
        fields = Object.fromEntries(
          Object.entries(b.fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
        );
      }
    }
  } catch {
    // not JSON: keep the status text
  }
  return new ApiError(response.status, message, fields);
}
