import { copy } from '@reframe/shared';
import { useAuth } from '../../auth/use-auth';
import { AppPage } from '../../components/AppPage';
import { useUsageStats } from '../../components/use-usage-stats';
import { BulkResizer } from './bulk/BulkResizer';
import { useBulkPhotos } from './bulk/use-bulk-photos';
import { SingleResizer } from './SingleResizer';
import { UpgradeBanner } from './UpgradeBanner';
import { useRunChoices } from './use-run-choices';

/**
 * /app: the resizer, in one of its two modes: one image (SingleResizer), or several photos in
 * one run (BulkResizer) once they are added. The pickers' choices carry from one to the other.
 */
export function ResizerScreen() {
  const usage = useUsageStats();
  const { currentUser } = useAuth();
  const choices = useRunChoices();
  const photos = useBulkPhotos();
  return (
    <AppPage title={copy.resizer.title} wide>
      {usage.loaded && !usage.hasCredits && <UpgradeBanner />}
      {photos.photos.length > 0 ? (
        <BulkResizer photos={photos} choices={choices} />
      ) : (
        <SingleResizer
          userId={currentUser?.uid ?? ''}
          choices={choices}
          onSeveral={photos.addFiles}
        />
      )}
    </AppPage>
  );
}
