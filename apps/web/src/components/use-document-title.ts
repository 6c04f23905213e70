import { useEffect } from 'react';
import { copy } from '@reframe/shared';

/** Names the browser tab after the screen: "Billing & Usage · Reframe" (issue 16). */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const before = document.title;
    document.title = copy.documentTitle(title);
    return () => {
      document.title = before;
    };
  }, [title]);
}
