/**
 * The task screen's sort/filter select (docs/product/user-site.md#the-user-area, with price sorting offered as
 * docs/product/settled-contradictions.md#price-sorting settles). It works on the list the API returned (newest first), on the client.
 */
import { platformKey, platformOf, type PlatformGroup, type PlatformKey } from './platforms';

export const TASK_VIEWS = [
  { value: 'all', label: 'All Tasks' },
  { value: 'most-available', label: 'Most Available' },
  { value: 'least-available', label: 'Least Available' },
  { value: 'price-desc', label: 'Price: High to Low' },
  { value: 'price-asc', label: 'Price: Low to High' },
  { value: 'social-media', label: 'Social Media' },
  { value: 'music-streaming', label: 'Music Streaming' },
  { value: 'app-stores', label: 'App Stores' },
  { value: 'facebook', label: 'Facebook Only' },
  { value: 'youtube', label: 'YouTube Only' },
  { value: 'instagram', label: 'Instagram Only' },
  { value: 'twitter', label: 'Twitter Only' },
  { value: 'telegram', label: 'Telegram Only' },
  { value: 'spotify', label: 'Spotify Only' },
] as const;

export type TaskView = (typeof TASK_VIEWS)[number]['value'];
export const DEFAULT_TASK_VIEW: TaskView = 'all';

export function isTaskView(value: string): value is TaskView {
  return TASK_VIEWS.some((view) => view.value === value);
}

/** What filtering and sorting read from a task. */
export interface Filterable {
  taskPlatform: string;
  taskPrice: number;
  remainingUnits: number;
}

const GROUPS: readonly string[] = ['social-media', 'music-streaming', 'app-stores'] satisfies PlatformGroup[];

/** The tasks to show for a choice of the select; a new array, the input untouched. */
export function filterTasks<T extends Filterable>(tasks: readonly T[], view: TaskView): T[] {
  // Array.prototype.sort is stable, so ties keep the API's order (newest first).
  switch (view) {
    case 'all':
      return [...tasks];
    case 'most-available':
      return [...tasks].sort((a, b) => b.remainingUnits - a.remainingUnits);
    case 'least-available':
      return [...tasks].sort((a, b) => a.remainingUnits - b.remainingUnits);
    case 'price-desc':
      return [...tasks].sort((a, b) => b.taskPrice - a.taskPrice);
    case 'price-asc':
      return [...tasks].sort((a, b) => a.taskPrice - b.taskPrice);
    default:
      if (GROUPS.includes(view)) return tasks.filter((task) => platformOf(task.taskPlatform).group === view);
      return tasks.filter((task) => platformKey(task.taskPlatform) === (view as PlatformKey));
  }
}
