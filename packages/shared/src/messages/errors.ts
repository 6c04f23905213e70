import { MAX_BULK_PHOTOS } from '../bulk';
import { MAX_UPLOAD_ASPECT, MIN_UPLOAD_SIDE } from '../geometry/upload-shape';
import {
  MAX_CUSTOM_RATIO,
  MAX_OUTPUT_PIXELS,
  MAX_OUTPUT_SIDE,
  MIN_OUTPUT_SIDE,
} from '../output-target';
import { TEST_KEY_OUTPUTS_PER_CALL, TEST_KEYS_PER_ACCOUNT } from '../schemas/api';

/**
 * Every user-facing error message, keyed by an UPPER_SNAKE code. Texts come from the product
 * brief word for word (section 8 and the validation rules of section 5); codes marked "ours"
 * cover cases the brief does not name and are written to be just as plain.
 */
export const errorMessages = {
  // Forms and accounts
  FILL_ALL_FIELDS: 'Please fill in all fields',
  PASSWORDS_DO_NOT_MATCH: 'Passwords do not match',
  NEW_PASSWORDS_DO_NOT_MATCH: 'New passwords do not match',
  PASSWORD_TOO_SHORT: 'Password must be at least 6 characters',
  // ours: a new password on the list of the most common passwords
  PASSWORD_TOO_COMMON:
    'This password is one of the most common and easy to guess. Please choose another one.',
  SIGN_IN_FAILED: 'Failed to sign in',
  CREATE_ACCOUNT_FAILED: 'Failed to create account',
  SEND_VERIFICATION_FAILED: 'Failed to send verification email',
  SIGN_OUT_FAILED: 'Failed to sign out',
  VERIFICATION_LINK_INVALID_OR_EXPIRED: 'Verification link invalid or expired',
  VERIFY_EMAIL_FAILED: 'Failed to verify email. The link may be invalid or expired.',
  // ours: a verification link opened a second time, its address verified by the first
  EMAIL_ALREADY_VERIFIED: 'This email address is already verified. You can sign in.',
  USER_DOCUMENT_NOT_FOUND: 'User document not found',
  // ours: sign-in with a wrong email or password, the same text whether the email exists or not
  INVALID_CREDENTIALS: 'Invalid email or password',
  // ours: sign-in before the address is verified
  EMAIL_NOT_VERIFIED: 'Please verify your email address before signing in',
  // ours: re-authentication on the settings screen
  WRONG_CURRENT_PASSWORD: 'The current password is incorrect',
  // ours: rate limits
  TOO_MANY_REQUESTS: 'Too many attempts. Please wait a moment and try again.',
  // ours: reset-password link
  RESET_LINK_INVALID_OR_EXPIRED: 'This password reset link is invalid or has expired',
  // ours: change email to the address the account already has
  SAME_EMAIL: 'The new email is the same as the current one',
  // ours: a state-changing request sent from another site
  INVALID_ORIGIN: 'This request did not come from the Reframe site',
  // ours
  INVALID_EMAIL: 'Please enter a valid email address',
  UNAUTHENTICATED: 'Please sign in to continue',
  NOT_FOUND: 'Not found',
  INVALID_REQUEST: 'The request is not valid',
  INTERNAL: 'Something went wrong. Please try again.',

  // Upload and history
  UPLOAD_FAILED: 'Upload failed',
  UPLOAD_ORIGINAL_FAILED: 'Failed to upload original image',
  UPLOAD_FILE_FAILED: 'Failed to upload file',
  UPLOAD_REQUIRES_AUTH: 'User must be authenticated to upload files',
  LOAD_HISTORY_FAILED: 'Failed to load history',
  FETCH_IMAGE_FAILED: 'Failed to fetch image',

  // Downloads
  HISTORY_ZIP_FAILED: 'Failed to download files. Please try again later.',
  RESIZER_ZIP_FAILED:
    'Failed to download files as ZIP. Please try downloading individual files instead.',
  SINGLE_DOWNLOAD_FAILED: 'Failed to download the file. Please try again.',

  // Billing
  LOAD_USAGE_FAILED: 'Failed to load usage statistics',
  LOAD_BILLING_CONFIG_FAILED: 'Failed to load billing configuration.',
  CHECKOUT_FAILED: 'Failed to initialize checkout. Please try again later.',
  // ours: billing callables and the webhook
  UNKNOWN_PLAN: 'This plan does not exist. Please choose one of the plans shown.',
  ALREADY_ON_PLAN: 'You are already on this plan.',
  NO_SUBSCRIPTION: 'You have no paid subscription to manage.',
  WEBHOOK_SIGNATURE_INVALID: 'The webhook signature is missing or invalid.',
  WEBHOOKS_BUSY: 'Too many webhooks are being received at once. Please retry.',
  WEBHOOK_PREDICTION_MISMATCH: 'This webhook names a remote prediction of another job.',
  CHECKOUT_SESSION_NOT_FOUND: 'This checkout session does not exist or is already closed.',
  CANCEL_SUBSCRIPTION_FAILED:
    'Your subscription could not be cancelled, so your account was not deleted. Please try again later.',

  // Resizer
  NO_IMAGE: 'Please upload an image first',
  NO_RATIO: 'Please select at least one aspect ratio',
  NO_CREDITS: 'You have no remaining credits. Please upgrade your plan to continue.',
  REGENERATE_MISSING_IMAGE: 'Cannot regenerate: Missing image',
  INVALID_FILE_TYPE: 'Invalid file type. Please upload an image file.',
  LOAD_IMAGE_FOR_PROCESSING_FAILED: 'Failed to load image for processing',
  MISSING_PREDICTION_ID: 'Invalid response from API: Missing prediction ID',
  PROCESSING_TIMEOUT: 'Processing timeout: The operation took too long to complete.',
  MALFORMED_IMAGE_URL: 'Invalid response: Missing or malformed image URL',
  OUT_OF_CREDITS_TOOLTIP: 'Out of credits. Please upgrade your plan.',
  AUTO_RETRYING: 'API request failed. Automatically retrying...',
  // ours: uploads refused by the server (the brief's "Upload failed: …" with a reason)
  UPLOAD_TOO_LARGE: 'Upload failed: The file is larger than 10MB',
  UPLOAD_EMPTY: 'Upload failed: The file is empty',
  UPLOAD_NO_FILE: 'Upload failed: No file was sent',
  UPLOAD_TRUNCATED: 'Upload failed: The image is truncated or corrupt',
  UPLOAD_ANIMATED: 'Upload failed: Animated images are not supported',
  UPLOAD_TOO_MANY_PIXELS: 'Upload failed: The image is too large (at most 50 megapixels)',
  UPLOAD_TOO_COSTLY:
    'Upload failed: The image is too large to process in this format. Please upload a smaller image, or a JPG or PNG',
  UPLOAD_HEIC_UNREADABLE: 'HEIC photos are not supported yet: export as JPEG',
  UPLOAD_TOO_SMALL: `Upload failed: The image must be at least ${MIN_UPLOAD_SIDE} pixels wide and high`,
  UPLOAD_TOO_ELONGATED: `Upload failed: The image is too long and narrow (at most ${MAX_UPLOAD_ASPECT}:1)`,
  // ours: a prediction's `error` when its job did not finish; the credit was given back
  JOB_TIMED_OUT: 'The image took too long to process. Your credit was refunded.',
  JOB_FAILED: 'The image could not be processed. Your credit was refunded.',
  // ours: the hosted AI service (AI_PROVIDER=replicate) failed the job; the credit was given back
  PROVIDER_FAILED: 'The AI service could not expand this image. Your credit was refunded.',
  PROVIDER_UNAVAILABLE:
    'The AI service is unavailable right now. Your credit was refunded. Please try again later.',
  // ours (issue 38): a hosted model is sent the whole photo, so it cannot trim it
  FRAMING_NEEDS_ENGINE:
    'Trimming the photo needs the built-in engine: the AI model keeps the whole photo. Choose "Keep the whole photo", or the blurred backdrop.',
  PROVIDER_OUTPUT_REJECTED:
    'The AI service returned an image that could not be used. Your credit was refunded.',
  // ours: limits on uploads, storage and jobs (SECURITY.md lists them)
  UPLOAD_TOO_MANY_FILES: 'Upload failed: Please send one image at a time',
  UPLOAD_MALFORMED: 'Upload failed: The request is not a valid file upload',
  UPLOAD_ABORTED: 'Upload failed: The upload stopped before it finished',
  UPLOADS_BUSY:
    'Upload failed: The server is busy with other uploads. Please try again in a moment.',
  UPLOAD_IN_PROGRESS: 'Upload failed: Please wait for your other upload to finish',
  UPLOAD_HOURLY_LIMIT:
    'Upload failed: You have uploaded the most images allowed in an hour. Please try again later.',
  STORAGE_QUOTA_EXCEEDED: 'Upload failed: Your account has used all of its storage space',
  DISK_FULL: 'Upload failed: The server is out of storage space. Please try again later.',
  TOO_MANY_ACTIVE_JOBS:
    'You already have the most images processing at once. Please wait for one to finish, then start the next.',
  JOBS_THROTTLED:
    'Several of your recent images took too long to process. Please wait a while before starting another.',
  // ours: custom sizes, packs and bulk runs (issue 15)
  CUSTOM_SIZE_INVALID:
    'Please enter a size in pixels as width x height (e.g. 1200x628) or a ratio as W:H (e.g. 5:2)',
  CUSTOM_SIZE_TOO_SMALL: `Each side must be at least ${MIN_OUTPUT_SIDE} pixels`,
  CUSTOM_SIZE_TOO_LARGE: `Each side must be at most ${MAX_OUTPUT_SIDE} pixels`,
  CUSTOM_SIZE_TOO_MANY_PIXELS: `The size must be at most ${MAX_OUTPUT_PIXELS / 1_000_000} megapixels`,
  CUSTOM_RATIO_INVALID: `The ratio must be between 1:${MAX_CUSTOM_RATIO} and ${MAX_CUSTOM_RATIO}:1`,
  BULK_NOT_IN_PLAN:
    'Processing several photos in one run (Bulk Processing) is part of the Growth and Expert plans. Upgrade on Billing to use it.',
  BULK_TOO_MANY_PHOTOS: `A run takes at most ${MAX_BULK_PHOTOS} photos`,
  RUN_TOO_MANY_OUTPUTS: 'Please select fewer sizes for one run',
  RUN_NOT_ENOUGH_CREDITS: 'This run uses more credits than you have left.',
  // ours: a photo's runs are all paid for by one account (issue 39)
  RUN_FILED_ELSEWHERE:
    'This photo was run for another account (a team you have joined or left since). Please upload it again to run it now.',
  // ours: the public API (issue 30)
  API_KEYS_NOT_ALLOWED:
    'API keys are part of the Expert plan. Inside a team, its owner and admins manage them.',
  API_UNAUTHORIZED: 'Send a valid API key as "Authorization: Bearer rf_…".',
  API_RATE_LIMITED:
    "This account's keys made too many expansions in the last minute. Please retry later.",
  API_TEST_KEY_DAILY_LIMIT:
    "This account's test keys have made their calls for today (UTC). Use a live key, or try again tomorrow.",
  API_IDEMPOTENCY_CONFLICT:
    'This Idempotency-Key was already used with a different request. Use a new key for a new request.',
  API_WEBHOOK_URL_INVALID:
    'webhook_url must be an https URL (http://localhost and http://127.0.0.1 only when the site itself runs on this machine, outside production).',
  // ours: a POST /v1/expansions that asks for nothing, or for one output twice (issue 41)
  API_NO_OUTPUTS: 'Give at least one ratio, size or pack',
  API_OUTPUT_TWICE: 'Each ratio and size may be asked for once',
  API_DOWNLOAD_EXPIRED: 'This download link is invalid or has expired. Fetch the expansion again.',
  // ours: keys follow their maker's rights, and the test-key sandbox is per account (issue 39)
  API_KEY_SUSPENDED:
    'This key is suspended: the person who made it no longer has API access on its account (removed from the team, no longer an admin, or the plan ended). It works again if they regain it; it can be revoked in Settings.',
  API_TEST_KEYS_LIMIT: `An account can have at most ${TEST_KEYS_PER_ACCOUNT} test keys. Revoke one to make another.`,
  API_TEST_KEY_OUTPUTS_LIMIT: `A test call makes at most ${TEST_KEY_OUTPUTS_PER_CALL} outputs. Ask for fewer, or use a live key.`,
  REQUEST_TIMEOUT:
    'The request took too long to arrive. Please check your connection and try again.',
  // ours: deleting a history run while one of its images is still being made
  RUN_IN_PROGRESS: 'This run still has images processing. Please wait for them to finish.',
  // ours: deleting a history run failed
  DELETE_HISTORY_FAILED: 'Failed to delete this run. Please try again.',

  // ours: teams on the Expert plan (issue 26)
  TEAM_NOT_IN_PLAN: 'Team collaboration is part of the Expert plan.',
  TEAM_NO_FREE_SEATS: 'Your team has no free seats.',
  TEAM_ALREADY_IN_TEAM: 'This person is already in a team.',
  TEAM_ADMINS_ONLY: 'Only the team owner and admins can do this.',
  TEAM_OWNER_ONLY: 'Only the team owner can change roles.',
  TEAM_ROLE_INVALID: 'Please choose a role: Admin or Member.',
  TEAM_CANNOT_REMOVE_OWNER: 'The team owner cannot be removed.',
  TEAM_ADMIN_REMOVES_MEMBERS_ONLY: 'Admins can remove members, not other admins.',
  TEAM_OWNER_CANNOT_LEAVE:
    'The owner cannot leave the team. The team ends when your Expert plan ends.',
  TEAM_SUSPENDED:
    "This team is paused because the owner's Expert plan has ended. Renewing Expert restores it.",
  TEAM_INVITES_HOURLY_LIMIT:
    'Your team has sent the most invitations allowed in an hour. Please try again later.',
  TEAM_INVITE_UNKNOWN:
    'This invitation link is not valid. Please open the whole link from the invitation email.',
  TEAM_INVITE_EXPIRED: 'This invitation has expired. Ask the team owner to send a new one.',
  TEAM_INVITE_REVOKED: 'This invitation was withdrawn. Ask the team owner to send a new one.',
  TEAM_INVITE_USED: 'This invitation has already been used.',
  TEAM_INVITE_WRONG_ACCOUNT:
    'This invitation was sent to another email address. Sign in with that address to join.',
  TEAM_YOU_ARE_IN_A_TEAM: 'You are already in a team. Leave it before joining another.',
  TEAM_OWNER_HAS_TEAM:
    'You own a team with members or pending invitations. Remove its members and withdraw its invitations before joining another team.',

  // ours: the public API (issue 30)
  API_NOT_IN_PLAN:
    'API keys are part of the Expert plan. In a team, the owner and admins manage them.',

  // Callable client
  MISSING_DATA_FIELD: 'Response is missing data field.',
} as const;

export type ErrorCode = keyof typeof errorMessages;

export function messageFor(code: ErrorCode): string {
  return errorMessages[code];
}

/** Messages of the brief that carry a value: "Failed to sign in: {message}" and the like. */
export const formatMessage = {
  signInFailed: (reason: string) => `${errorMessages.SIGN_IN_FAILED}: ${reason}`,
  signOutError: (reason: string) => `Error signing out: ${reason}`,
  verificationError: (reason: string) => `Error: ${reason}`,
  invalidVerificationLink: (mode: string | null, hasCode: boolean) =>
    `Invalid verification link. Mode: ${mode || 'missing'}, Code: ${hasCode ? 'present' : 'missing'}`,
  uploadFailed: (reason: string) => `${errorMessages.UPLOAD_FAILED}: ${reason}`,
  loadHistoryError: (reason: string) => `Error loading history: ${reason}`,
  apiError: (reason: string) => `API error: ${reason}`,
  serverRespondedWith: (status: number) => `Server responded with status ${status}`,
  statusCheckError: (reason: string) => `Status check error: ${reason}`,
  parseResponseFailed: (reason: string) => `Failed to parse response: ${reason}`,
  expansionFailed: (reason: string) => `Image expansion failed: ${reason}`,
  errorProcessing: (ratio: string, reason: string) => `Error processing ${ratio}: ${reason}`,
  errorRegenerating: (ratio: string, reason: string) => `Error regenerating ${ratio}: ${reason}`,
  /** A bulk run's cost, shown before the user confirms (issue 15). */
  runCredits: (needed: number, balance: number) =>
    `This run uses ${needed} credits; you have ${balance}.`,
} as const;
