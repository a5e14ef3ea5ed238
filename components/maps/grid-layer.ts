import type * as Leaflet from "leaflet";

/**
 * A light graticule under the tiles: when tiles cannot load (offline, blocked), the markers
 * still sit on a grid with coordinates, so the preview keeps its meaning.
 */
export function gridLayer(L: typeof Leaflet): Leaflet.GridLayer {
  const layer = new L.GridLayer({ zIndex: 0 });
  // Leaflet's documented way to draw tiles: assign createTile on an instance.
  (layer as unknown as { createTile: (c: Leaflet.Coords) => HTMLElement }).createTile = (
    coords: Leaflet.Coords,
  ) => {
    const size = layer.getTileSize();
    const canvas = document.createElement("canvas");
    const ratio = window.devicePixelRatio || 1;
    canvas.width = size.x * ratio;
    canvas.height = size.y * ratio;
    const ctx = canvas.getContext("2d");
    if (!ctx) return canvas;
    ctx.scale(ratio, ratio);
    ctx.strokeStyle = "rgba(100, 116, 139, 0.14)";
    ctx.lineWidth = 1;
    for (let i = 1; i < 4; i++) {
      const at = (size.x / 4) * i + 0.5;
      ctx.beginPath();
      ctx.moveTo(at, 0);
      ctx.lineTo(at, size.y);
      ctx.moveTo(0, at);
      ctx.lineTo(size.x, at);
      ctx.stroke();
    }
    ctx.strokeStyle = "rgba(100, 116, 139, 0.32)";
    ctx.beginPath();
    ctx.moveTo(0.5, 0);
    ctx.lineTo(0.5, size.y);
    ctx.moveTo(0, 0.5);
    ctx.lineTo(size.x, 0.5);
    ctx.stroke();
    const map = (layer as unknown as { _map?: Leaflet.Map })._map;
    if (map) {
      const nw = map.unproject(L.point(coords.x * size.x, coords.y * size.y), coords.z);
      const digits = coords.z >= 12 ? 3 : coords.z >= 8 ? 2 : 1;
      ctx.fillStyle = "rgba(71, 85, 105, 0.7)";
      ctx.font = "10px ui-sans-serif, system-ui, sans-serif";
      ctx.fillText(`${nw.lat.toFixed(digits)}, ${nw.wrap().lng.toFixed(digits)}`, 4, 12);
    }
    return canvas;
  };
  return layer;
}
