import { Button, Icon, type IconName } from '@blueprintjs/core';
import useEmblaCarousel from 'embla-carousel-react';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { CAROUSEL_OPTIONS } from '../../shared/constants';

export interface OverviewStat {
  label: string;
  value: ReactNode;
  hint: string;
  icon: IconName;
}

/**
 * The overview figures in a looping carousel (docs/product/user-site.md#figures-and-limits: loop on, duration 25). On
 * wide screens every slide fits at once, so there is nothing to scroll and the controls hide.
 */
export function OverviewCarousel({ stats }: { stats: OverviewStat[] }) {
  const [viewport, embla] = useEmblaCarousel({ ...CAROUSEL_OPTIONS, align: 'start' });
  const [selected, setSelected] = useState(0);
  const [snaps, setSnaps] = useState<number[]>([]);

  const follow = useCallback(() => {
    if (!embla) return;
    setSnaps(embla.scrollSnapList());
    setSelected(embla.selectedScrollSnap());
  }, [embla]);

  useEffect(() => {
    if (!embla) return;
    follow();
    embla.on('select', follow).on('reInit', follow);
    return () => {
      embla.off('select', follow).off('reInit', follow);
    };
  }, [embla, follow]);

  const scrollable = snaps.length > 1;

  return (
    <section
      className="kobo-dashboard-carousel"
      aria-roledescription="carousel"
      aria-labelledby="overview-title"
    >
      <div className="kobo-dashboard-section-head">
        <h2 id="overview-title" className="kobo-dashboard-title">
          Overview
        </h2>
        {scrollable ? (
          <div className="kobo-dashboard-carousel-arrows">
            <Button
              variant="outlined"
              icon="chevron-left"
              aria-label="Previous figure"
              onClick={() => embla?.scrollPrev()}
            />
            <Button
              variant="outlined"
              icon="chevron-right"
              aria-label="Next figure"
              onClick={() => embla?.scrollNext()}
            />
          </div>
        ) : null}
      </div>
      <div className="kobo-dashboard-carousel-viewport" ref={viewport}>
        <div className="kobo-dashboard-carousel-track">
          {stats.map((stat, index) => (
            <div
              key={stat.label}
              className="kobo-dashboard-carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${stats.length}: ${stat.label}`}
            >
              <div className="kobo-card kobo-dashboard-stat">
                <span className="kobo-dashboard-stat-icon" aria-hidden="true">
                  <Icon icon={stat.icon} size={16} />
                </span>
                <p className="kobo-dashboard-stat-label">{stat.label}</p>
                <p className="kobo-dashboard-stat-value">{stat.value}</p>
                <p className="kobo-dashboard-stat-hint">{stat.hint}</p>
              </div>
            </div>
          ))}
        </div>
      </div>
      {scrollable ? (
        <div className="kobo-dashboard-carousel-dots" role="group" aria-label="Choose a figure">
          {snaps.map((_, index) => (
            <button
              key={index}
              type="button"
              className={`kobo-dashboard-dot${index === selected ? ' is-selected' : ''}`}
              aria-label={`Show ${stats[index]?.label ?? `figure ${index + 1}`}`}
              aria-current={index === selected ? 'true' : undefined}
              onClick={() => embla?.scrollTo(index)}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
