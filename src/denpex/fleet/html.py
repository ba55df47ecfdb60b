"""The fleet report as HTML: a page of the web app (``/fleet``) and a standalone file
(``denpex fleet report --html``). The plots are inline SVG drawn here (no script, no plotting
package, nothing the web app's Content-Security-Policy would block)."""

from __future__ import annotations

from typing import Any

from markupsafe import Markup, escape

PALETTE = ["#d1495b", "#edae49", "#00798c", "#30638e", "#6a4c93", "#8ab17d", "#9e9e9e"]


def _bar_chart(labels: list[str], values: list[float], ref: float | None = None, fmt: str = "{:.0%}", width: int = 640) -> Markup:
    """Horizontal bars (one per label), with an optional reference line (the fleet's base rate)."""
    if not labels:
        return Markup("")
    row, left = 22, 170
    top = max([*values, ref or 0.0, 1e-9])
    h = row * len(labels) + 24
    scale = (width - left - 70) / top
    out = [f'<svg class="chart" role="img" viewBox="0 0 {width} {h}" width="100%" xmlns="http://www.w3.org/2000/svg">']
    for i, (lab, v) in enumerate(zip(labels, values)):
        y = 4 + i * row
        out.append(f'<text x="{left - 6}" y="{y + 14}" text-anchor="end" font-size="12" fill="#333">{escape(lab)}</text>')
        out.append(f'<rect x="{left}" y="{y + 3}" width="{max(v * scale, 1):.1f}" height="{row - 6}" fill="{PALETTE[0]}"><title>{escape(lab)}: {escape(fmt.format(v))}</title></rect>')
        out.append(f'<text x="{left + v * scale + 4:.1f}" y="{y + 14}" font-size="11" fill="#333">{escape(fmt.format(v))}</text>')
    if ref is not None:
        x = left + ref * scale
        out.append(f'<line x1="{x:.1f}" y1="0" x2="{x:.1f}" y2="{h - 18}" stroke="#333" stroke-dasharray="4 3"/>')
        out.append(f'<text x="{x:.1f}" y="{h - 4}" font-size="11" fill="#333" text-anchor="middle">fleet {escape(fmt.format(ref))}</text>')
    out.append("</svg>")
    return Markup("".join(out))


def _rate_chart(rate: dict[str, Any], width: int = 760, height: int = 240) -> Markup:
    """Failed jobs per bucket stacked by class, over the bucket's job count (grey)."""
    rows = rate["rows"]
    if not rows:
        return Markup("")
    classes = rate["classes"]
    left, bottom, top_pad = 40, 40, 10
    plot_h = height - bottom - top_pad
    top = max(r["jobs"] for r in rows) or 1
    step = (width - left - 10) / len(rows)
    bw = max(step * 0.7, 1)
    out = [f'<svg class="chart" role="img" viewBox="0 0 {width} {height + 20 * ((len(classes) + 2) // 3)}" width="100%" xmlns="http://www.w3.org/2000/svg">']
    out.append(f'<text x="4" y="{top_pad + 8}" font-size="11" fill="#333">{top}</text>')
    for i, r in enumerate(rows):
        x = left + i * step
        hj = plot_h * r["jobs"] / top
        out.append(f'<rect x="{x:.1f}" y="{top_pad + plot_h - hj:.1f}" width="{bw:.1f}" height="{hj:.1f}" fill="#e4e4e4"><title>{escape(r["start"])}: {r["jobs"]} jobs, {r["failed"]} failed ({r["rate"]:.0%})</title></rect>')
        y = top_pad + plot_h
        for ci, c in enumerate(classes):
            k = r["by_class"].get(c, 0)
            if not k:
                continue
            hk = plot_h * k / top
            y -= hk
            out.append(f'<rect x="{x:.1f}" y="{y:.1f}" width="{bw:.1f}" height="{hk:.1f}" fill="{PALETTE[ci % len(PALETTE)]}"><title>{escape(r["start"])}: {k} x {escape(c)}</title></rect>')
        if len(rows) <= 31 or i % max(1, len(rows) // 15) == 0:
            out.append(f'<text x="{x + bw / 2:.1f}" y="{top_pad + plot_h + 14}" font-size="10" fill="#333" text-anchor="middle">{escape(r["start"][5:])}</text>')
    for ci, c in enumerate(classes):
        lx, ly = left + (ci % 3) * 240, height + 20 * (ci // 3) - 4
        out.append(f'<rect x="{lx}" y="{ly - 10}" width="10" height="10" fill="{PALETTE[ci % len(PALETTE)]}"/>')
        out.append(f'<text x="{lx + 14}" y="{ly}" font-size="11" fill="#333">{escape(c)}</text>')
    out.append("</svg>")
    return Markup("".join(out))


def context(rep: dict[str, Any]) -> dict[str, Any]:
    """What the templates need: the report and its plots."""
    n = rep["nodes"]
    hosts = n["hosts"][:15]
    recurring = [g for g in rep["groups"] if g["recurring"]][:15]
    return {
        "rep": rep,
        "rate_svg": _rate_chart(rep["rate"]),
        "nodes_svg": _bar_chart([h["host"] for h in hosts], [h["rate"] or 0.0 for h in hosts], n["base_rate"]),
        "groups_svg": _bar_chart([g["failure_id"] for g in recurring], [float(g["jobs"]) for g in recurring], None, "{:.0f}"),
        "recurring": recurring,
    }


def standalone_page(rep: dict[str, Any]) -> str:
    from ..web.pages import env

    return env().get_template("fleet_page.html").render(**context(rep))
