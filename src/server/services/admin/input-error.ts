// A write the admin asked for that the data does not allow (a team that no
// longer exists, a row deleted by someone else): the German message goes back
// to the admin as a 400/404, never as a server error.
export class AdminInputError extends Error {
  constructor(
    message: string,
    readonly code: 'BAD_REQUEST' | 'NOT_FOUND' = 'BAD_REQUEST',
  ) {
    super(message);
    this.name = 'AdminInputError';
  }
}
