/**
 * The web screens' own team words (issue 26) that the team catalogue (`copy.team`) leaves out:
 * kept apart from it so the server's and the web's changes to the catalogue never collide.
 */
export const teamWebCopy = {
  teamName: (ownerName: string) => `${ownerName}'s team`,
  loadFailed: 'Failed to load your team. Please try again.',
  planSeats: (planName: string, seats: number) => `${planName} plan · a team of up to ${seats}`,
  expertOffer: 'Upgrade to Expert to invite colleagues to one shared credit pool and history.',
  actions: 'Actions',
  youAreOwner: 'You own this team: its members spend from your credits.',
  seatsLabel: 'Seats',
  roleChanged: (name: string, role: string) => `${name} is now ${role}.`,
  confirmRevoke: {
    title: 'Revoke this invitation?',
    body: (email: string) => `The link sent to ${email} stops working and the seat is free again.`,
    confirm: 'Revoke',
    cancel: 'Cancel',
  },
  /** The resizer's label over the balance while a member spends from the team's pool. */
  teamCredits: 'Team credits',
  /** Billing: the pool beside the member's own balance. */
  teamPool: 'Team pool',
  join: {
    signUp: 'Create an Account',
    signIn: 'Sign In',
    wrongAccountHint: (email: string) => `You are signed in as ${email}.`,
    switchAccount: 'Sign Out and Switch Account',
    goToApp: 'Go to the Resizer',
    /** After verifying, the way back to the invitation that brought the newcomer here. */
    backToInvitation: 'Back to the Invitation',
    redirectingIn: (seconds: number) =>
      `Taking you back to the invitation in ${seconds} second${seconds === 1 ? '' : 's'}...`,
  },
} as const;
