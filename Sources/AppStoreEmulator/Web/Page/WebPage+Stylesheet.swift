extension WebPage {
    /// The stylesheet served at `/web/app.css`.
    static let stylesheet = #"""
        :root { color-scheme: light; --ink: #1d1d1f; --muted: #5f6368; --line: #d9d9de; --accent: #0b57d0; --bad: #b3261e; --ok: #1e7d32; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: #f6f7f9; }
        .bar { display: flex; flex-wrap: wrap; gap: 12px 24px; align-items: center; padding: 12px 24px; background: #fff; border-bottom: 1px solid var(--line); position: sticky; top: 0; z-index: 1; }
        h1 { font-size: 18px; margin: 0; }
        h2 { font-size: 16px; margin: 0 0 8px; }
        h3 { font-size: 14px; margin: 0 0 6px; }
        main { padding: 16px 24px 48px; display: grid; gap: 16px; max-width: 1200px; }
        section { background: #fff; border: 1px solid var(--line); border-radius: 8px; padding: 12px 16px; }
        .clock { margin: 0; color: var(--muted); }
        .clock time { color: var(--ink); font-variant-numeric: tabular-nums; }
        .inline { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; margin: 0 0 8px; }
        .status { margin: 0; padding: 6px 24px; min-height: 1.6em; color: var(--muted); }
        .status.error { color: var(--bad); font-weight: 600; }
        table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
        caption { text-align: left; color: var(--muted); padding-bottom: 4px; }
        th, td { text-align: left; padding: 5px 8px; border-top: 1px solid var(--line); vertical-align: top; }
        thead th { border-top: none; color: var(--muted); font-weight: 600; }
        button { font: inherit; padding: 3px 10px; border: 1px solid #b8bcc6; border-radius: 6px; background: #fff; cursor: pointer; }
        button:hover { border-color: var(--accent); color: var(--accent); }
        button.danger { color: var(--bad); border-color: #e8b4b0; }
        button:disabled { opacity: .5; cursor: default; }
        input, select { font: inherit; padding: 2px 6px; }
        .actions { display: flex; flex-wrap: wrap; gap: 4px; }
        .badge { display: inline-block; padding: 0 8px; border-radius: 10px; background: #eceff1; font-size: 12px; }
        .badge.active, .badge.delivered, .badge.success { background: #dff3e2; color: var(--ok); }
        .badge.refunded, .badge.revoked, .badge.failed, .badge.expired { background: #fde2e1; color: var(--bad); }
        .badge.grace, .badge.retry, .badge.pending { background: #fff3cd; color: #7a5a00; }
        .subscription { border-top: 1px solid var(--line); padding: 10px 0; }
        .subscription:first-child { border-top: none; }
        .subscription dl { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
        .subscription dt { color: var(--muted); }
        .subscription dd { margin: 0; }
        .timeline-box { overflow-x: auto; }
        details pre { max-height: 320px; overflow: auto; background: #f3f4f6; padding: 8px; border-radius: 6px; font-size: 12px; }
        .empty { color: var(--muted); font-style: italic; }
        .mono { font-family: ui-monospace, "SFMono-Regular", Menlo, monospace; font-size: 12px; }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }

        """#
}
