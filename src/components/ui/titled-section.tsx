import type { ReactNode } from 'react';

interface TitledSectionProps {
  /** The heading's id, which names the section: assistive technology lists the region by its visible title. */
  id: string;
  title: ReactNode;
  className?: string;
  headingClassName: string;
  children: ReactNode;
}

/** A region of a page with its own h2, named by it. */
export function TitledSection({ id, title, className, headingClassName, children }: TitledSectionProps) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className={headingClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
