import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { copy, errorMessages } from '@reframe/shared';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { Logo } from '../../components/Logo';

/** What a person sees when a screen throws while rendering, instead of a blank page. */
export function RouteErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10 sm:justify-center">
      <Logo className="mb-8" />
      <main className="w-full max-w-[440px]">
        <Card className="px-6 py-9 text-center sm:px-9">
          <span className="mx-auto mb-5 grid size-14 place-items-center rounded-full bg-amber-50 text-amber-600 ring-8 ring-amber-50/50">
            <TriangleAlert aria-hidden="true" className="size-7" />
          </span>
          <h1 className="text-2xl font-semibold tracking-tight">{copy.errorPage.title}</h1>
          <p role="alert" className="mt-2 text-[15px] text-slate-600">
            {errorMessages.INTERNAL}
          </p>
          <div className="mt-7 flex flex-col gap-3">
            <Button size="lg" onClick={() => window.location.reload()}>
              {copy.errorPage.reload}
            </Button>
            <ButtonLink to="/" variant="secondary" size="lg" reloadDocument>
              {copy.emailAction.goToHome}
            </ButtonLink>
          </div>
        </Card>
      </main>
    </div>
  );
}
