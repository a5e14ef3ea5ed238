/**
 * The first Tab stop of every portal page: hidden until focused, then a visible button that
 * jumps past the banner and the nav to the page's content (#main takes focus: tabIndex -1).
 */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:text-sm focus:font-semibold focus:text-indigo-700 focus:shadow-lg focus:ring-2 focus:ring-indigo-600 focus:outline-none"
    >
      Skip to content
    </a>
  );
}
