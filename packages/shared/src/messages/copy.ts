/**
 * Every label, title, button text and notice of the product brief (section 2 and 4), word for
 * word, grouped by screen. Screens read their text from here, never from literals.
 */
import { acceptedFormatNames } from '../image-formats';
import { queuePlace, type Plan } from '../plans';
import { landingSections } from './landing-copy';
import { legalCopy } from './legal-copy';
import { outputTitle, plural, resizerCopy } from './resizer-copy';

/** Billing's and Team's label for one figure, from one query (issue 41). */
const creditsUsedThisMonth = 'Credits used this month';

export const copy = {
  product: {
    wordmark: 'Reframe',
    // The brief's {product} placeholder, in a sentence and in a title.
    noun: 'resizing',
    title: 'Resizing',
  },
  topBar: {
    goToApp: 'Go to App',
    logIn: 'Log in',
    tryForFree: 'Try for Free',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
  },
  landing: {
    heroTitle: 'Instantly Resize and Reframe Your Images with AI',
    // The brief promised "under 10 seconds" from upload to download; on two cores the built-in
    // engine holds it per aspect ratio, not for several (npm run bench:resizer, issue 27).
    heroSubtitle: `Upload a photo (${acceptedFormatNames}), pick the aspect ratios you need, and the AI extends the background. From upload to download in under 10 seconds per aspect ratio.`,
    tryForFree: 'Try for Free',
    noCreditCard: 'No credit card required',
    getStartedForFree: 'Get Started for Free',
    eyebrow: 'AI background extension',
    footerTagline: 'Resize and reframe images with AI.',
    copyright: (year: number) => `© ${year} Reframe. All rights reserved.`,
    ...landingSections,
  },
  auth: {
    signInTitle: 'Sign in',
    signUpTitle: 'Create your account',
    signInSubtitle: 'Welcome back. Sign in to keep resizing.',
    signUpSubtitle: 'Start with 5 free credits. No credit card required.',
    email: 'Email',
    password: 'Password',
    fullName: 'Full name',
    confirmPassword: 'Confirm password',
    rememberMe: 'Remember me',
    forgotPassword: 'Forgot password?',
    signIn: 'Sign In',
    signingIn: 'Signing in...',
    signUp: 'Sign Up',
    creatingAccount: 'Creating Account...',
    noAccount: "Don't have an account?",
    haveAccount: 'Already have an account?',
    // The brief's "I agree to the Terms of Service and Privacy Policy", with links (legal-copy.ts).
    acceptTerms: legalCopy.acceptTerms,
  },
  forgotPassword: {
    title: 'Reset your password',
    intro: "Enter your account's email address and we'll send you a link to choose a new password.",
    send: 'Send Reset Link',
    sending: 'Sending...',
    sent: 'If an account exists for that address, a reset link is on its way. Check your inbox.',
    newPasswordTitle: 'Choose a new password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    save: 'Set New Password',
    saving: 'Saving...',
    done: 'Your password has been reset. You can sign in with it now.',
    backToSignIn: 'Back to Sign In',
  },
  verifyEmail: {
    title: 'Verify your email',
    sentTo: 'We sent a verification link to',
    instructions: 'Open the link in that email to activate your account, then come back here.',
    resend: 'Resend Verification Email',
    resending: 'Sending...',
    resent: 'Verification email sent. Check your inbox.',
    signOut: 'Sign Out',
    notSignedIn: 'You are not signed in',
    signInLink: 'Sign In',
  },
  /** A screen's browser tab title (ours, issue 16). */
  documentTitle: (screen: string) => `${screen} · Reframe`,
  emailAction: {
    loading: 'Verifying your email...',
    failedTitle: 'Verification Failed',
    // ours (issue 16): a verification link opened a second time
    alreadyVerifiedTitle: 'Email Already Verified',
    goToSignIn: 'Go to Sign In',
    goToHome: 'Go to Home Page',
    successTitle: 'Email Verified!',
    successBody: 'Your email address has been verified.',
    redirectingIn: (seconds: number) =>
      `Redirecting to the app in ${seconds} second${seconds === 1 ? '' : 's'}...`,
    goToAppNow: 'Go to App Now',
    returnHome: 'Return to Home Page',
    debugInfo: 'Debug information',
    debug: {
      mode: 'Mode',
      code: 'Code',
      continueUrl: 'Continue URL',
      apiKey: 'API key',
      error: 'Error',
      present: 'present',
      missing: 'missing',
      none: 'none',
    },
  },
  appShell: {
    nav: {
      resizer: 'Resizer App',
      history: 'History',
      billing: 'Billing',
      // ours (issue 26): under Billing
      team: 'Team',
      settings: 'Settings',
    },
    fallbackUserName: 'User',
    signOut: 'Sign Out',
  },
  resizer: resizerCopy,
  /** The full-size viewer of a result (resizer and history). */
  viewer: {
    title: (ratio: string) => outputTitle(ratio),
    close: 'Close',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    previousRatio: 'Previous ratio',
    nextRatio: 'Next ratio',
    compareSlider: 'Move to compare the original with the result',
    keyboardHint: 'Left and right arrows move between ratios; + and - zoom.',
    before: 'Original',
    after: 'Result',
  },
  history: {
    title: 'Your Resizing History',
    placeholder: 'Every image you resize will be listed here, with its original and each version.',
    emptyTitle: 'No history yet',
    emptyBody: "You haven't resized any images yet. Go to the app to start resizing!",
    original: 'Original',
    versions: (n: number) => `${n} ${n === 1 ? 'version' : 'versions'}`,
    downloadAllZip: 'Download All as ZIP',
    loadMore: 'Load more',
    // ours
    loading: 'Loading history',
    goToApp: 'Go to the Resizer',
    originalAlt: (filename: string) => `Original image: ${filename}`,
    versionAlt: (ratio: string) => `${ratio} version, opens full size in a new tab`,
    brokenImage: 'Image unavailable',
    preparingZip: 'Preparing ZIP...',
    madeWith: (providers: string) => `Made with ${providers}`,
    // ours (issue 16)
    versionLabel: (ratio: string, n: number) => `${ratio} · v${n}`,
    deleteRun: 'Delete',
    deleteRunLabel: (filename: string) => `Delete the run of ${filename}`,
    deleting: 'Deleting...',
    // ours (issue 26): a run another member of the team made
    madeBy: (name: string) => `by ${name}`,
    // ours (issue 38): under a version's thumbnail; its title names the sides
    versionTrimmed: (percent: number) => `Trimmed ${percent} %`,
  },
  /** The Team screen (/app/team) and the invitation screen (/team/join), issue 26. */
  team: {
    title: 'Team',
    lead: 'Invite colleagues to share your credit pool and your history.',
    notInPlan: 'Team collaboration is part of the Expert plan.',
    goToBilling: 'See plans on Billing',
    seats: (used: number, limit: number) => `${used} of ${limit} seats used`,
    poolBalance: (n: number) => `Shared pool: ${plural(n, 'credit', 'credits')} left`,
    suspended:
      "This team is paused because the owner's Expert plan has ended. Members spend their own credits until Expert is renewed.",
    membersTitle: 'Members',
    columns: {
      name: 'Name',
      email: 'Email',
      role: 'Role',
      creditsUsed: creditsUsedThisMonth,
    },
    roles: { owner: 'Owner', admin: 'Admin', member: 'Member' },
    you: '(you)',
    inviteTitle: 'Invite a colleague',
    emailLabel: 'Email',
    roleLabel: 'Role',
    sendInvite: 'Send Invite',
    sendingInvite: 'Sending...',
    inviteSent: (email: string) => `Invitation sent to ${email}`,
    pendingTitle: 'Pending invitations',
    noPending: 'No pending invitations.',
    expiresOn: (date: string) => `Expires ${date}`,
    revoke: 'Revoke',
    revokeLabel: (email: string) => `Revoke the invitation to ${email}`,
    remove: 'Remove',
    removeLabel: (name: string) => `Remove ${name} from the team`,
    changeRoleLabel: (name: string) => `Role of ${name}`,
    leave: 'Leave team',
    memberOf: (ownerName: string) =>
      `You are in ${ownerName}'s team: your runs spend from the team's shared credit pool.`,
    confirmRemove: {
      title: (name: string) => `Remove ${name}?`,
      body: "They go back to their own credits. The runs they made stay in the team's history.",
      confirm: 'Remove',
      cancel: 'Cancel',
    },
    confirmLeave: {
      title: 'Leave the team?',
      body: "You go back to your own credits and no longer see the team's history.",
      confirm: 'Leave team',
      cancel: 'Cancel',
    },
    join: {
      title: 'Join a team',
      invitedBy: (ownerName: string) => `${ownerName} invited you to their team on Reframe.`,
      invitedAs: (role: string) => `Your role: ${role}`,
      sentTo: (email: string) => `This invitation is for ${email}.`,
      poolNote:
        "As a member, your runs spend from the team's shared credit pool and appear in the team's history. Your own credits stay untouched.",
      joinButton: 'Join Team',
      joining: 'Joining...',
      joined: (ownerName: string) => `You joined ${ownerName}'s team.`,
      loading: 'Loading the invitation...',
      signInFirst: 'Sign in or create an account with the invited address to join the team.',
      goToTeam: 'Go to Team',
    },
    // The resizer's balance while the user spends from a team's pool
    creditsLeftInPool: (n: number, ownerName: string) =>
      `${plural(n, 'credit', 'credits')} left in ${ownerName}'s team pool`,
  },
  /** The app's own confirmation dialogs, in place of the browser's confirm() (issue 29). */
  confirmDialogs: {
    deleteRun: {
      title: 'Delete this run?',
      body: 'Its original and all of its images are deleted. This cannot be undone.',
      confirm: 'Delete Run',
      cancel: 'Cancel',
    },
    leaveRun: {
      title: 'Leave while processing?',
      body: 'Your images are still processing. Leave and stop following them?',
      confirm: 'Leave',
      cancel: 'Stay',
    },
    replaceRun: {
      title: 'Use the new image?',
      body: 'Your images are still processing. Drop them and use the new image?',
      confirm: 'Use New Image',
      cancel: 'Keep Processing',
    },
  },
  legal: legalCopy,
  /** Who made a result (a prediction's `provider`). */
  providers: {
    engine: 'the built-in engine',
    replicate: 'Replicate',
  },
  /** A result a named hosted model made: "FLUX Fill Pro on Replicate". */
  modelOnReplicate: (model: string) => `${model} on Replicate`,
  /** The hosted models' names as their makers write them, by REPLICATE_MODEL name. */
  hostedModels: {
    'black-forest-labs/flux-fill-pro': 'FLUX Fill Pro',
    'black-forest-labs/flux-fill-dev': 'FLUX Fill Dev',
    'bria/expand-image': 'Bria Expand',
    'stability-ai/stable-diffusion-inpainting': 'Stable Diffusion Inpainting',
  } as Record<string, string>,
  /** What the hosted AI model is asked (the brief, section 9: extend only the background). */
  aiPrompt:
    'Extend only the background of this image into the empty area around it. Keep the subject pixel-identical and add no new content.',
  billing: {
    title: 'Billing & Usage',
    testMode: 'Test mode is active - no real charges will be made',
    paymentSuccess: 'Payment successful! Your account has been credited.',
    choosePlan: 'Choose Your Plan',
    currentPlan: 'Current Plan',
    selected: 'Selected',
    selectPlan: 'Select Plan',
    proceedToPayment: (price: number) => `Proceed to Payment - $${price}/month`,
    // ours (issue 16): choosing Free on a paid plan ends the subscription, it pays nothing
    cancelSubscription: 'Cancel subscription',
    processing: 'Processing...',
    usageStatistics: 'Usage Statistics',
    enterpriseSolutions: 'Enterprise Solutions',
    enterpriseItems: [
      'Custom volume pricing',
      'Dedicated support team',
      'API access and integration support',
      'Advanced analytics and reporting',
      'Service level agreements',
    ],
    contactSales: 'Contact Sales',
    needHelp: 'Need Help?',
    contactSupport: 'Contact Support',
    enterpriseBody: 'Need more than 175 resizes a month, or an integration? Talk to us.',
    helpBody: 'Questions about your plan, credits or an invoice? We are here to help.',
    salesEmail: 'sales@reframe.app',
    supportEmail: 'support@reframe.app',
    perMonth: '/month',
    credits: (n: number) => `${n} credits`,
    // The brief's "Cost per resize" column (section 9), shown on the billing and landing cards.
    costPerResize: (dollars: number) => `$${dollars.toFixed(2)} per resize`,
    // A plan's processing feature, the brief's label word for word, and what it gets beside it:
    // "Priority Processing: up to 2 ratios at once, ahead in the queue" (up to: the server runs at
    // most one engine job per core).
    processingFeature: (plan: Plan) => {
      const { feature, ratiosAtOnce } = plan.processing;
      const atOnce =
        ratiosAtOnce === 1 ? '1 ratio at a time' : `up to ${ratiosAtOnce} ratios at once`;
      const place = {
        standard: 'standard queue',
        ahead: 'ahead in the queue',
        first: 'first in the queue',
      }[queuePlace(plan)];
      return `${feature}: ${atOnce}, ${place}`;
    },
    remainingCredits: 'Remaining credits',
    creditsUsedThisMonth,
    totalOperations: 'Total operations',
    operationsThisMonth: 'Operations this month',
    planLabel: 'Plan',
    renewalDate: 'Renewal date',
    manageTitle: 'Your Subscription',
    manageSubscription: 'Change or Cancel Plan',
    opening: 'Opening...',
    manageHint:
      'Upgrade, downgrade or cancel at any time. Upgrades apply at once; downgrades and cancellation at the end of the period.',
    renewsOn: (date: string) => `Renews on ${date}`,
    endsOn: (plan: string, date: string) =>
      `${plan} stays active until ${date}, then your account moves to the Free Tier.`,
    switchesOn: (plan: string, date: string) => `Switches to ${plan} on ${date}.`,
    freeRenewal: (date: string) => `Free credits replenish on ${date}.`,
    openPortalFailed: 'Failed to open subscription management. Please try again later.',
  },
  testCheckout: {
    title: 'Test checkout',
    portalTitle: 'Manage subscription (test mode)',
    notice: 'Test mode: no card is needed and no real charge will be made.',
    subscribeTo: (plan: string) => `Subscribe to ${plan}`,
    perMonth: (price: number) => `$${price} per month`,
    creditsPerMonth: (n: number) => `${n} credits at the start of each monthly period`,
    pay: (price: number) => `Pay $${price}`,
    cancel: 'Cancel',
    current: (plan: string) => `Current plan: ${plan}`,
    periodEnds: (date: string) => `Current period ends ${date}`,
    // ours (issue 16): a cancellation or downgrade waiting for the period's end
    untilThen: (plan: string, date: string, next: string) => `${plan} until ${date}, then ${next}`,
    cancelPlan: 'Cancel plan',
    resumePlan: 'Keep my plan',
    switchTo: (plan: string) => `Switch to ${plan}`,
    backToBilling: 'Back to Billing',
    noSubscription: 'There is no active subscription to manage.',
    closed: 'This checkout session is closed.',
  },
  settings: {
    title: 'Account Settings',
    lead: 'Manage your sign-in details and your account.',
    emailHeading: 'Email address',
    emailLabel: 'Email',
    changeEmailDescription:
      'We will send a confirmation link to the new address. Your email changes once you open it.',
    // ours (issue 16): what really happened when the change is asked for
    confirmationSentTitle: 'Confirm your new address',
    confirmationSent: (email: string) =>
      `We sent a confirmation link to ${email}. Open it to finish the change.`,
    changePasswordDescription: 'Other devices signed in to your account will be signed out.',
    sessionHeading: 'Session',
    signOutDescription: 'Sign out of Reframe on this device.',
    dangerZone: 'Delete account',
    deleteAccountWarning:
      'Permanently delete your account, your profile and everything stored for you.',
    deleteConfirmTitle: 'Delete your account?',
    deleteConfirmBody:
      'This cannot be undone. Your account, profile and everything stored for you will be removed, and a paid plan is cancelled at once, so you will not be charged again. Enter your password to confirm.',
    password: 'Password',
    cancel: 'Cancel',
    deleteForever: 'Delete Account',
    verified: 'Verified',
    notVerified: 'Not Verified',
    changeEmail: 'Change Email',
    currentPassword: 'Current password',
    newEmail: 'New email',
    updateEmail: 'Update Email',
    sending: 'Sending...',
    emailUpdated: 'Email updated successfully',
    changePassword: 'Change Password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    updatePassword: 'Update Password',
    updating: 'Updating...',
    passwordUpdated: 'Password updated successfully',
    signOut: 'Sign Out',
    deleteAccount: 'Delete Account',
    deleting: 'Deleting...',
  },
  /** What the public API puts on results (issue 30). */
  apiResults: {
    /** Drawn across every result a test key makes. */
    testWatermark: 'Reframe test',
  },
  errorPage: {
    title: 'Something went wrong',
    reload: 'Reload Page',
  },
  /** Texts of the emails the server sends (apps/server/src/mail/templates.ts). */
  mail: {
    emailChanged: {
      subject: 'The email address of your Reframe account was changed',
      heading: 'Your account email was changed',
      body: (newEmail: string) =>
        `The email address of your Reframe account was just changed to ${newEmail}. From now on, sign-in and all mail from Reframe use that address.`,
      ifNotYou: (supportEmail: string) =>
        `If you didn't make this change, someone else may have access to your account: write to ${supportEmail} from this address and we will help you get it back.`,
      footnote: 'This notice goes to your previous address, which is no longer on your account.',
    },
    teamInvite: {
      subject: (ownerName: string) => `You're invited to join ${ownerName}'s team on Reframe`,
      heading: (ownerName: string) => `Join ${ownerName}'s team`,
      body: (ownerName: string, role: string) =>
        `${ownerName} invited you to their team on Reframe as ${role}. Members resize images from the team's shared credit pool and see the team's history.`,
      howTo: (email: string, days: number) =>
        `Sign in or create an account with ${email}, then press "Join Team". The link works once and expires in ${days} days.`,
      action: 'Join Team',
      footnote: "If you don't know the sender, you can ignore this email.",
    },
  },
  demo: {
    banner:
      'This is a demo: payments are simulated, no card is charged and paid plans are not real.',
  },
} as const;
