/**
 * The brief's password minimum ("Password must be at least 6 characters", brief section 9), which
 * the forms check as the user types and the server enforces, and the server's maximum.
 */
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
