extension WebPage {
    /// The script served at `/web/app.js`: it reads everything through the control API and performs every
    /// action through it, then redraws. No framework, no build step.
    static let script = #"""
        "use strict";

        // The control API the page uses; every request of the page goes through these few lines.
        const control = {
          base: "/control/v1",
          async call(method, path, body) {
            const init = { method, headers: { "Accept": "application/json" } };
            if (body !== undefined) {
              init.headers["Content-Type"] = "application/json";
              init.body = JSON.stringify(body);
            }
            const response = await fetch(this.base + path, init);
            const text = await response.text();
            let value = null;
            try { value = text ? JSON.parse(text) : null; } catch (_) { value = text; }
            if (!response.ok) {
              const message = value && (value.message || value.errorMessage || value.error) || text || response.statusText;
              throw new Error(`${method} ${path}: ${response.status} ${typeof message === "string" ? message : JSON.stringify(message)}`);
            }
            return value;
          },
          get(path) { return this.call("GET", path); },
          post(path, body) { return this.call("POST", path, body === undefined ? {} : body); },
        };

        const q = encodeURIComponent;
        const state = { apps: [], accounts: [], app: null, account: null, busy: false };

        // ---- formatting --------------------------------------------------------------------------------------
        function list(value, key) {
          if (Array.isArray(value)) return value;
          if (value && key && Array.isArray(value[key])) return value[key];
          return [];
        }
        function fmtDate(ms) {
          if (ms === undefined || ms === null) return "—";
          const d = new Date(Number(ms));
          return isNaN(d) ? String(ms) : d.toISOString().replace("T", " ").replace(/:\d\d\.\d+Z$/, " UTC");
        }
        function el(tag, attrs, ...children) {
          const node = document.createElement(tag);
          for (const [name, value] of Object.entries(attrs || {})) {
            if (value === undefined || value === null || value === false) continue;
            if (name === "onclick") node.addEventListener("click", value);
            else if (name === "text") node.textContent = value;
            else node.setAttribute(name, value === true ? "" : value);
          }
          for (const child of children.flat()) {
            if (child === undefined || child === null) continue;
            node.append(child instanceof Node ? child : document.createTextNode(String(child)));
          }
          return node;
        }
        function badge(text, kind) { return el("span", { class: `badge ${kind || text}` }, text); }
        function say(text, isError) {
          const status = document.getElementById("status");
          status.textContent = text;
          status.classList.toggle("error", !!isError);
        }
        function decodeJWS(jws) {
          if (typeof jws !== "string" || jws.split(".").length !== 3) return null;
          try {
            const part = jws.split(".")[1].replace(/-/g, "+").replace(/_/g, "/");
            const bytes = Uint8Array.from(atob(part + "=".repeat((4 - part.length % 4) % 4)), c => c.charCodeAt(0));
            return JSON.parse(new TextDecoder().decode(bytes));
          } catch (_) { return null; }
        }
        // A transaction or renewal info as the API gives it: decoded already, or a JWS to decode.
        function payloadOf(item) {
          if (!item) return {};
          if (typeof item === "string") return decodeJWS(item) || {};
          if (item.payload && typeof item.payload === "object") return item.payload;
          if (item.transaction && typeof item.transaction === "object") return payloadOf(item.transaction);
          for (const key of ["signedTransaction", "signedTransactionInfo", "jws", "signedRenewalInfo"]) {
            if (typeof item[key] === "string") return decodeJWS(item[key]) || {};
          }
          return item;
        }
        // A notification's payload decoded, with the signed transaction and renewal info inside decoded too.
        function decodeNotification(payload) {
          if (!payload || typeof payload !== "object") return payload;
          const copy = JSON.parse(JSON.stringify(payload));
          const data = copy.data;
          if (data) {
            for (const key of ["signedTransactionInfo", "signedRenewalInfo"]) {
              if (typeof data[key] === "string") data[key] = decodeJWS(data[key]) || data[key];
            }
          }
          return copy;
        }

        // ---- actions -----------------------------------------------------------------------------------------
        async function act(label, work) {
          if (state.busy) return;
          state.busy = true;
          document.body.setAttribute("aria-busy", "true");
          say(`${label}…`);
          try {
            const result = await work();
            await refresh();
            say(`${label}: done.` + (result && result.message ? ` ${result.message}` : ""));
          } catch (error) {
            say(`${label} failed: ${error.message}`, true);
          } finally {
            state.busy = false;
            document.body.removeAttribute("aria-busy");
          }
        }

        const actions = {
          buy: (productId) => act(`Buy ${productId}`, async () => {
            const askToBuy = document.getElementById("ask-to-buy").checked;
            const answer = await control.post("/purchases", { bundleId: state.app, accountId: state.account, productId, askToBuy });
            return answer && answer.result === "pending" ? { message: "Waiting for approval." } : answer;
          }),
          refund: (transactionId) => act(`Refund ${transactionId}`, () =>
            control.post(`/transactions/${q(transactionId)}/refund`, {})),
          approve: (id) => act(`Approve request ${id}`, () => control.post(`/pending/${q(id)}/approve`)),
          decline: (id) => act(`Decline request ${id}`, () => control.post(`/pending/${q(id)}/decline`)),
          resolve: (id) => act(`Resolve request ${id}`, () => control.post(`/pending/${q(id)}/resolve`)),
          subscription: (otid, verb, body, label) => act(`${label} ${otid}`, () =>
            control.post(`/subscriptions/${q(otid)}/${verb}`, body || {})),
          advance: (duration) => act(`Advance the clock by ${duration}`, () => control.post("/clock/advance", { by: duration })),
          reset: () => act(`Reset ${state.app}`, () => control.post("/reset", { bundleId: state.app })),
          createAccount: (accountId) => act(`Create account ${accountId}`, async () => {
            await control.post("/accounts", { id: accountId });
            state.account = accountId;
          }),
        };

        // ---- loading -----------------------------------------------------------------------------------------
        async function loadBasics() {
          const [status, accounts] = await Promise.all([control.get("/status"), control.get("/accounts")]);
          state.apps = list(status, "apps");
          state.accounts = list(accounts, "accounts");
          if (!state.apps.some(a => a.bundleId === state.app)) state.app = state.apps.length ? state.apps[0].bundleId : null;
          state.products = state.app ? list(await control.get(`/products?bundleId=${q(state.app)}`), "products") : [];
          const clock = status.clock;
          const ids = state.accounts.map(a => a.id || a.accountId);
          if (!ids.includes(state.account)) state.account = ids.length ? ids[0] : null;
          const now = clock && typeof clock === "object" ? (clock.now ?? clock.milliseconds) : clock;
          const shown = document.getElementById("clock-now");
          shown.textContent = fmtDate(now);
          shown.dataset.ms = now === undefined || now === null ? "" : String(now);
        }

        async function loadAccount() {
          if (!state.app || !state.account) return { transactions: [], subscriptions: [], pending: [] };
          const path = `/accounts/${q(state.account)}`;
          const query = `?bundleId=${q(state.app)}`;
          const [transactions, subscriptions, pending] = await Promise.all([
            control.get(`${path}/transactions${query}`),
            control.get(`${path}/subscriptions${query}`),
            control.get(`/pending${query}&accountId=${q(state.account)}`),
          ]);
          return {
            transactions: list(transactions, "transactions"),
            subscriptions: list(subscriptions, "statuses"),
            pending: list(pending, "pending"),
          };
        }

        async function refresh() {
          await loadBasics();
          renderSelectors();
          renderCatalog();
          const [account, notifications] = await Promise.all([
            loadAccount(),
            state.app ? control.get(`/notifications?bundleId=${q(state.app)}`) : Promise.resolve([]),
          ]);
          renderPending(account.pending);
          renderTransactions(account.transactions);
          await renderSubscriptions(account.subscriptions);
          renderNotifications(list(notifications, "notifications"));
        }

        // ---- rendering ---------------------------------------------------------------------------------------
        function productsOfApp() { return state.products || []; }
        function groupOf(product) { return product.subscription ? product.subscription.groupId : ""; }

        function renderSelectors() {
          const apps = document.getElementById("app-select");
          apps.replaceChildren(...state.apps.map(a => el("option", { value: a.bundleId, selected: a.bundleId === state.app }, a.bundleId)));
          const accounts = document.getElementById("account-select");
          accounts.replaceChildren(...state.accounts.map(a => {
            const id = a.id || a.accountId;
            return el("option", { value: id, selected: id === state.account }, id);
          }));
        }

        function renderCatalog() {
          const body = document.querySelector("#catalog tbody");
          const products = productsOfApp();
          if (!products.length) {
            body.replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "empty" }, "No products: start tienda serve with a .storekit file.")));
            return;
          }
          body.replaceChildren(...products.map(p => {
            const id = p.id;
            return el("tr", {},
              el("th", { scope: "row" }, el("div", {}, p.displayName || p.referenceName || id), el("div", { class: "mono" }, id)),
              el("td", {}, p.type || "", p.subscription ? ` (${p.subscription.period})` : ""),
              el("td", {}, p.displayPrice || ""),
              el("td", {}, groupOf(p)),
              el("td", {}, el("button", {
                type: "button", "aria-label": `Buy ${id}`, disabled: !state.account,
                onclick: () => actions.buy(id),
              }, "Buy")));
          }));
        }

        function renderPending(pending) {
          const box = document.getElementById("pending");
          if (!pending.length) { box.replaceChildren(el("p", { class: "empty" }, "No purchase is waiting for approval.")); return; }
          box.replaceChildren(el("ul", {}, pending.map(p => {
            const id = p.id;
            const what = `${p.productId} for ${p.accountId} (${p.kind}, ${fmtDate(p.requestDate)}) `;
            if (p.kind !== "askToBuy") {
              return el("li", {}, what,
                el("button", { type: "button", "aria-label": `Resolve request ${id}`, onclick: () => actions.resolve(id) }, "Resolve"));
            }
            return el("li", {}, what,
              el("button", { type: "button", "aria-label": `Approve request ${id}`, onclick: () => actions.approve(id) }, "Approve"), " ",
              el("button", { type: "button", "aria-label": `Decline request ${id}`, onclick: () => actions.decline(id) }, "Decline"));
          })));
        }

        function transactionState(t) {
          if (t.revocationDate) return badge(t.revocationReason === undefined ? "revoked" : "refunded");
          if (t.isUpgraded) return badge("upgraded", "expired");
          if (t.expiresDate && Number(t.expiresDate) <= clockMillis()) return badge("expired");
          return badge("active");
        }
        function clockMillis() {
          const text = document.getElementById("clock-now").dataset.ms;
          return text ? Number(text) : Date.now();
        }

        function renderTransactions(transactions) {
          const body = document.querySelector("#transactions tbody");
          const rows = transactions.map(payloadOf)
            .sort((a, b) => Number(b.purchaseDate || 0) - Number(a.purchaseDate || 0) || String(b.transactionId).localeCompare(String(a.transactionId)));
          if (!rows.length) {
            body.replaceChildren(el("tr", {}, el("td", { colspan: 6, class: "empty" }, state.account ? "No transactions yet." : "Create an account first.")));
            return;
          }
          body.replaceChildren(...rows.map(t => el("tr", { "data-transaction-id": t.transactionId },
            el("th", { scope: "row", class: "mono" }, t.transactionId),
            el("td", {}, t.productId),
            el("td", {}, fmtDate(t.purchaseDate)),
            el("td", {}, t.expiresDate ? fmtDate(t.expiresDate) : "—"),
            el("td", {}, transactionState(t)),
            el("td", {}, t.revocationDate ? "" : el("button", {
              type: "button", "aria-label": `Refund ${t.transactionId}`, onclick: () => actions.refund(t.transactionId),
            }, "Refund")))));
        }

        function stateName(status) {
          const names = { 1: "active", 2: "expired", 3: "billing retry", 4: "grace period", 5: "revoked" };
          return names[status] || (status === undefined ? "unknown" : `status ${status}`);
        }

        async function renderSubscriptions(subscriptions) {
          const box = document.getElementById("subscriptions");
          if (!subscriptions.length) { box.replaceChildren(el("p", { class: "empty" }, "No subscriptions.")); return; }
          const products = productsOfApp();
          const parts = await Promise.all(subscriptions.map(async s => {
            const transaction = payloadOf(s.transaction);
            const renewal = payloadOf(s.renewalInfo);
            const otid = s.originalTransactionId || transaction.originalTransactionId || renewal.originalTransactionId;
            const label = stateName(s.status);
            const autoRenew = renewal.autoRenewStatus === 1;
            const group = transaction.subscriptionGroupIdentifier;
            const siblings = products.filter(p => groupOf(p) === group && p.id !== renewal.autoRenewProductId);
            const plan = el("select", { id: `plan-${otid}`, "aria-label": `New plan for ${otid}` },
              siblings.map(p => el("option", { value: p.id }, `${p.id} (${p.displayPrice})`)));
            const current = products.find(p => p.id === (renewal.autoRenewProductId || transaction.productId));
            const base = Number((current && current.priceMilliunits) || renewal.renewalPrice || 0);
            const newPrice = el("input", {
              id: `price-${otid}`, "aria-label": `New price for ${otid}`, size: 8, inputmode: "numeric",
              value: base ? String(Math.round(base * 1.2 / 10) * 10) : "", title: "In thousandths of the currency unit (9990 is 9.99)",
            });
            let picture;
            try {
              const response = await fetch(`/web/v1/subscriptions/${q(otid)}/timeline.svg`);
              picture = el("div", { class: "timeline-box" });
              if (response.ok) picture.innerHTML = await response.text();
              else picture.textContent = `No timeline: ${response.status}`;
            } catch (error) { picture = el("p", { class: "empty" }, `No timeline: ${error.message}`); }
            const sub = (verb, body, text, name) => el("button", {
              type: "button", "aria-label": `${name || text} ${otid}`, onclick: () => actions.subscription(otid, verb, body, name || text),
            }, text);
            return el("article", { class: "subscription", "aria-label": `Subscription ${otid}`, "data-original-transaction-id": otid },
              el("h3", {}, `${transaction.productId || renewal.productId} `, badge(label, label === "grace period" ? "grace" : label === "billing retry" ? "retry" : label)),
              el("dl", {},
                el("dt", {}, "Original transaction"), el("dd", { class: "mono" }, otid),
                el("dt", {}, "Expires"), el("dd", {}, fmtDate(transaction.expiresDate)),
                el("dt", {}, "Auto-renew"), el("dd", {}, autoRenew ? "on" : "off", renewal.autoRenewProductId && renewal.autoRenewProductId !== transaction.productId ? ` (renews as ${renewal.autoRenewProductId})` : ""),
                el("dt", {}, "Billing retry"), el("dd", {}, renewal.isInBillingRetryPeriod ? "yes" : "no"),
                el("dt", {}, "Grace period ends"), el("dd", {}, renewal.gracePeriodExpiresDate ? fmtDate(renewal.gracePeriodExpiresDate) : "—"),
                el("dt", {}, "Price increase"), el("dd", {}, renewal.priceIncreaseStatus === undefined ? "—" : renewal.priceIncreaseStatus === 1 ? "accepted" : "not yet accepted")),
              el("div", { class: "actions", role: "group", "aria-label": `Actions for ${otid}` },
                sub("expire", {}, "Expire"),
                sub("renew", {}, "Force renew"),
                sub("billing-failure", {}, "Billing failure"),
                sub("billing-resolution", {}, "Resolve billing"),
                sub("auto-renew", { enabled: !autoRenew }, autoRenew ? "Auto-renew off" : "Auto-renew on"),
                newPrice,
                el("button", {
                  type: "button", "aria-label": `Price increase ${otid}`,
                  onclick: () => actions.subscription(otid, "price-increase", { priceMilliunits: Number(newPrice.value) }, "Price increase"),
                }, "Price increase"),
                renewal.priceIncreaseStatus === 0 ? [
                  sub("price-increase/response", { accepted: true }, "Accept price", "Accept price increase"),
                  sub("price-increase/response", { accepted: false }, "Decline price", "Decline price increase")] : null,
                siblings.length ? [plan, el("button", {
                  type: "button", "aria-label": `Change plan ${otid}`,
                  onclick: () => actions.subscription(otid, "change-plan", { productId: plan.value }, "Change plan"),
                }, "Change plan")] : null),
              picture);
          }));
          box.replaceChildren(...parts);
        }

        function renderNotifications(notifications) {
          const body = document.querySelector("#notifications tbody");
          if (!notifications.length) {
            body.replaceChildren(el("tr", {}, el("td", { colspan: 5, class: "empty" }, "No notifications yet.")));
            return;
          }
          const rows = notifications.map(n => {
            const payload = decodeNotification(n.payload || decodeJWS(n.signedPayload) || {});
            return { n, payload, sent: n.signedDate || payload.signedDate };
          }).sort((a, b) => Number(b.n.sequence || 0) - Number(a.n.sequence || 0));
          body.replaceChildren(...rows.map(({ n, payload, sent }) => {
            const attempts = list(n.attempts || n.sendAttempts, "attempts");
            const delivery = n.deliveryState || (attempts.length ? attempts[attempts.length - 1].result : "pending");
            const deliveryText = String(delivery).toLowerCase();
            return el("tr", {},
              el("td", {}, fmtDate(sent)),
              el("th", { scope: "row" }, payload.notificationType || n.notificationType || ""),
              el("td", {}, payload.subtype || n.subtype || ""),
              el("td", {}, badge(String(delivery), deliveryText.includes("success") || deliveryText.includes("deliver") ? "delivered" : deliveryText.includes("fail") ? "failed" : "pending"),
                attempts.length ? el("div", {}, `${attempts.length} attempt${attempts.length === 1 ? "" : "s"}`) : null),
              el("td", {}, el("details", {},
                el("summary", {}, `Payload ${payload.notificationUUID || n.notificationUUID || ""}`),
                el("pre", {}, JSON.stringify(payload, null, 2)))));
          }));
        }

        // ---- wiring ------------------------------------------------------------------------------------------
        document.addEventListener("DOMContentLoaded", () => {
          document.getElementById("app-select").addEventListener("change", e => { state.app = e.target.value; act("Show app", async () => {}); });
          document.getElementById("account-select").addEventListener("change", e => { state.account = e.target.value; act("Show account", async () => {}); });
          document.getElementById("advance-form").addEventListener("submit", e => {
            e.preventDefault();
            actions.advance(document.getElementById("advance-duration").value.trim());
          });
          document.getElementById("account-form").addEventListener("submit", e => {
            e.preventDefault();
            const id = document.getElementById("account-id").value.trim();
            if (id) actions.createAccount(id);
          });
          document.getElementById("reset-button").addEventListener("click", () => actions.reset());
          document.getElementById("refresh-button").addEventListener("click", () => act("Refresh", async () => {}));
          act("Load", async () => {});
        });

        """#
}
