/// The web transaction manager's files: one HTML document, one stylesheet and one script, plain text compiled
/// into the binary (no build step, no files to install next to it).
enum WebPage {
    /// The HTML document served at `/`.
    static let document = #"""
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Tienda — transaction manager</title>
        <link rel="stylesheet" href="/web/app.css">
        <script src="/web/app.js" defer></script>
        </head>
        <body>
        <header class="bar">
          <h1>Tienda transaction manager</h1>
          <p class="clock">Clock: <time id="clock-now" aria-live="polite">…</time></p>
          <form id="advance-form" class="inline" aria-label="Advance the clock">
            <label for="advance-duration">Advance the clock by</label>
            <input id="advance-duration" name="duration" value="1M" size="6" required
                   title="A duration such as 30s, 10m, 2h, 3d, 1w or 1M">
            <button type="submit">Advance</button>
          </form>
          <button type="button" id="refresh-button">Refresh</button>
          <button type="button" id="reset-button" class="danger">Reset</button>
        </header>
        <p id="status" role="status" aria-live="polite" class="status"></p>
        <main>
          <section aria-labelledby="apps-heading">
            <h2 id="apps-heading">Catalog</h2>
            <p class="inline">
              <label for="app-select">App</label>
              <select id="app-select"></select>
              <label for="account-select">Account</label>
              <select id="account-select"></select>
            </p>
            <form id="account-form" class="inline" aria-label="Create an account">
              <label for="account-id">New account</label>
              <input id="account-id" name="accountId" placeholder="account ID" size="16">
              <button type="submit">Create account</button>
            </form>
            <p class="inline"><label><input type="checkbox" id="ask-to-buy"> Ask to Buy (purchases wait for a parent's approval)</label></p>
            <table id="catalog">
              <caption>Products of the selected app</caption>
              <thead><tr><th scope="col">Product</th><th scope="col">Type</th><th scope="col">Price</th><th scope="col">Group</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody></tbody>
            </table>
          </section>
          <section aria-labelledby="pending-heading">
            <h2 id="pending-heading">Ask to Buy requests</h2>
            <div id="pending"></div>
          </section>
          <section aria-labelledby="subscriptions-heading">
            <h2 id="subscriptions-heading">Subscriptions</h2>
            <div id="subscriptions"></div>
          </section>
          <section aria-labelledby="transactions-heading">
            <h2 id="transactions-heading">Transactions</h2>
            <table id="transactions">
              <caption>Transactions of the selected account, newest first</caption>
              <thead><tr><th scope="col">Transaction</th><th scope="col">Product</th><th scope="col">Purchased</th><th scope="col">Expires</th><th scope="col">State</th><th scope="col"><span class="visually-hidden">Actions</span></th></tr></thead>
              <tbody></tbody>
            </table>
          </section>
          <section aria-labelledby="notifications-heading">
            <h2 id="notifications-heading">Notifications</h2>
            <table id="notifications">
              <caption>App Store Server Notifications V2 sent for the selected app, newest first</caption>
              <thead><tr><th scope="col">Sent</th><th scope="col">Type</th><th scope="col">Subtype</th><th scope="col">Delivery</th><th scope="col">Payload</th></tr></thead>
              <tbody></tbody>
            </table>
          </section>
        </main>
        </body>
        </html>

        """#
}
