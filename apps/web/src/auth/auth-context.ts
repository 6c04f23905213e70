import { createContext } from 'react';
import type { UserSettings } from '@reframe/shared';

/** The signed-in user as the screens see it (the brief's currentUser, with uid). */
export interface CurrentUser {
  uid: string;
  email: string;
  displayName: string;
  emailVerified: boolean;
}

export interface AuthContextValue {
  /**
   * The first session check has answered. Before that a visitor counts as signed out: only the
   * landing page renders that early (see SessionGate).
   */
  sessionChecked: boolean;
  currentUser: CurrentUser | null;
  /** The loaded profile record, null when signed out. */
  userSettings: UserSettings | null;
  /** Signed in AND email verified. */
  isAuthenticated: boolean;
  emailVerified: boolean;
  /** Reloads the session and the profile from the server. */
  refresh: () => Promise<void>;
  /** Merges part of the profile into memory, without a round trip. */
  mergeSettings: (partial: Partial<UserSettings>) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
