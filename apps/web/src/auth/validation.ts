import { errorMessages, formatMessage, MIN_PASSWORD_LENGTH } from '@reframe/shared';

const isBlank = (value: string) => value.trim() === '';

/** Each validator returns the brief's message for the first rule broken, or null when valid. */
export function validateSignIn(input: { email: string; password: string }): string | null {
  if (isBlank(input.email) || input.password === '') return errorMessages.FILL_ALL_FIELDS;
  return null;
}

export function validateSignUp(input: {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
}): string | null {
  if (
    isBlank(input.name) ||
    isBlank(input.email) ||
    input.password === '' ||
    input.confirmPassword === ''
  ) {
    return errorMessages.FILL_ALL_FIELDS;
  }
  if (input.password !== input.confirmPassword) return errorMessages.PASSWORDS_DO_NOT_MATCH;
  if (input.password.length < MIN_PASSWORD_LENGTH) return errorMessages.PASSWORD_TOO_SHORT;
  return null;
}

export function validateRequestReset(input: { email: string }): string | null {
  return isBlank(input.email) ? errorMessages.FILL_ALL_FIELDS : null;
}

export function validateNewPassword(input: {
  password: string;
  confirmPassword: string;
}): string | null {
  if (input.password === '' || input.confirmPassword === '') return errorMessages.FILL_ALL_FIELDS;
  if (input.password !== input.confirmPassword) return errorMessages.PASSWORDS_DO_NOT_MATCH;
  if (input.password.length < MIN_PASSWORD_LENGTH) return errorMessages.PASSWORD_TOO_SHORT;
  return null;
}

export function validateChangeEmail(input: {
  currentPassword: string;
  newEmail: string;
}): string | null {
  if (input.currentPassword === '' || isBlank(input.newEmail)) return errorMessages.FILL_ALL_FIELDS;
  return null;
}

export function validateChangePassword(input: {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}): string | null {
  if (input.currentPassword === '' || input.newPassword === '' || input.confirmPassword === '') {
    return errorMessages.FILL_ALL_FIELDS;
  }
  if (input.newPassword !== input.confirmPassword) return errorMessages.NEW_PASSWORDS_DO_NOT_MATCH;
  if (input.newPassword.length < MIN_PASSWORD_LENGTH) return errorMessages.PASSWORD_TOO_SHORT;
  return null;
}

/** Brief section 5: a verification link needs mode verifyEmail and a code. */
export function validateVerificationLink(mode: string | null, code: string | null): string | null {
  if (mode !== 'verifyEmail' || !code) return formatMessage.invalidVerificationLink(mode, !!code);
  return null;
}
