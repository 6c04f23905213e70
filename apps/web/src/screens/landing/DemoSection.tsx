import { copy } from '@reframe/shared';
import { ResizeDemo } from './ResizeDemo';
import { SectionHeading } from './SectionHeading';

export function DemoSection() {
  return (
    <section id="demo" aria-labelledby="demo-title" className="scroll-mt-20 py-20 sm:py-28">
      <div className="mx-auto max-w-6xl px-5 sm:px-8">
        <SectionHeading
          id="demo-title"
          eyebrow={copy.landing.demoEyebrow}
          title={copy.landing.demoTitle}
          subtitle={copy.landing.demoSubtitle}
        />
        <div className="mt-14">
          <ResizeDemo />
        </div>
      </div>
    </section>
  );
}
