import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SectionNav } from "./section-nav";

const SECTIONS = [
  { id: "identity", title: "Identity" },
  { id: "badges", title: "Badges" },
  { id: "contact", title: "Contact" },
];

/**
 * happy-dom lays nothing out, so intersections cannot happen by themselves: this observer
 * records what it watches and lets a test say which sections cross the reading band.
 */
class TestObserver {
  static current: TestObserver | null = null;
  readonly watched: Element[] = [];
  constructor(
    private readonly callback: IntersectionObserverCallback,
    readonly options?: IntersectionObserverInit,
  ) {
    TestObserver.current = this;
  }
  observe(el: Element) {
    this.watched.push(el);
  }
  unobserve() {}
  disconnect() {
    this.watched.length = 0;
  }
  takeRecords() {
    return [];
  }
  cross(states: Record<string, boolean>) {
    const entries = Object.entries(states).map(([id, isIntersecting]) => {
      const target = document.getElementById(id);
      if (!target) throw new Error(`no #${id} on the page`);
      // Only what the hook reads: which element, and whether it crosses.
      return { target, isIntersecting } as unknown as IntersectionObserverEntry;
    });
    act(() => this.callback(entries, this as unknown as IntersectionObserver));
  }
}

function Page() {
  return (
    <>
      <SectionNav sections={SECTIONS} />
      {SECTIONS.map((s) => (
        <section key={s.id} id={s.id} aria-label={s.title}>
          <h2>{s.title}</h2>
        </section>
      ))}
    </>
  );
}

const link = (name: string) => screen.getByRole("link", { name });
const currentLinks = () =>
  screen
    .getAllByRole("link")
    .filter((a) => a.hasAttribute("aria-current"))
    .map((a) => a.textContent);

const realScrollIntoView = Element.prototype.scrollIntoView;
let scrolled: string[];
beforeEach(() => {
  vi.stubGlobal("IntersectionObserver", TestObserver);
  scrolled = [];
  Element.prototype.scrollIntoView = function (this: Element) {
    scrolled.push(this.id);
  };
  window.history.replaceState(null, "", "/workers/12");
});
afterEach(() => {
  vi.unstubAllGlobals();
  Element.prototype.scrollIntoView = realScrollIntoView;
});

describe("the worker page's section navigation", () => {
  it("links every section by its anchor, in one navigation landmark", () => {
    render(<Page />);
    expect(screen.getAllByRole("navigation")).toHaveLength(1);
    expect(screen.getByRole("navigation", { name: "Sections of this worker" })).toBeTruthy();
    expect(SECTIONS.map((s) => link(s.title).getAttribute("href"))).toEqual([
      "#identity",
      "#badges",
      "#contact",
    ]);
    expect(currentLinks()).toEqual(["Identity"]);
  });

  it("marks the section crossing the reading band as current, keeping it between sections", () => {
    render(<Page />);
    const observer = TestObserver.current;
    expect(observer?.watched.map((el) => el.id)).toEqual(["identity", "badges", "contact"]);
    observer?.cross({ identity: false, badges: true });
    expect(currentLinks()).toEqual(["Badges"]);
    expect(link("Badges").getAttribute("aria-current")).toBe("location");
    // The gap between two sections: nothing crosses, and Badges stays current.
    observer?.cross({ badges: false });
    expect(currentLinks()).toEqual(["Badges"]);
    observer?.cross({ contact: true });
    expect(currentLinks()).toEqual(["Contact"]);
  });

  it("jumps on click: scrolls there, marks it current, focuses its heading, puts it in the URL", () => {
    render(<Page />);
    fireEvent.click(link("Contact"));
    expect(scrolled).toEqual(["contact"]);
    expect(currentLinks()).toEqual(["Contact"]);
    expect(document.activeElement).toBe(screen.getByRole("heading", { name: "Contact" }));
    expect(window.location.hash).toBe("#contact");
    // Sections passed on the way down do not light up while the jump scrolls.
    TestObserver.current?.cross({ identity: false, badges: true });
    expect(currentLinks()).toEqual(["Contact"]);
  });

  it("lands on the section named in the URL's fragment once the page has it", () => {
    window.history.replaceState(null, "", "/workers/12#badges");
    render(<Page />);
    expect(scrolled).toEqual(["badges"]);
    expect(currentLinks()).toEqual(["Badges"]);
  });

  it("ignores a fragment that is not one of its sections", () => {
    window.history.replaceState(null, "", "/workers/12#nowhere");
    render(<Page />);
    expect(scrolled).toEqual([]);
    expect(currentLinks()).toEqual(["Identity"]);
  });
});
