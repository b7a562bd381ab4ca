import type { HTMLAttributes, ReactNode } from 'react';
import { cn } from './cn';

export function Card({ className, ...props }: HTMLAttributes<HTMLElement>) {
  return (
    <section
      className={cn('rounded-xl border border-zinc-200 bg-white shadow-xs dark:border-zinc-800 dark:bg-zinc-900', className)}
      {...props}
    />
  );
}

export function CardHeader({
  title,
  description,
  actions,
  id,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  id?: string;
}) {
  return (
    <div className="flex flex-wrap items-start justify-between gap-2 border-b border-zinc-200 px-4 py-3 dark:border-zinc-800">
      <div>
        <h2 id={id} className="text-sm font-semibold">
          {title}
        </h2>
        {description ? <p className="mt-0.5 text-xs text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex items-center gap-2">{actions}</div> : null}
    </div>
  );
}

export function CardBody({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('p-4', className)} {...props} />;
}

/** The frame of a section card: everything but its content. */
export type SectionFrame = {
  id: string;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
  bodyClassName?: string;
  /** Below the body, outside its padding (a vehicle section's raw view). */
  footer?: ReactNode;
};

/** The usual section of a page: a card named by its heading, with the content in its body. */
export function SectionCard({
  id,
  title,
  description,
  actions,
  className,
  bodyClassName = 'space-y-4',
  footer,
  children,
}: SectionFrame & { children: ReactNode }) {
  return (
    <Card aria-labelledby={id} className={className}>
      <CardHeader id={id} title={title} description={description} actions={actions} />
      <CardBody className={bodyClassName}>{children}</CardBody>
      {footer}
    </Card>
  );
}
