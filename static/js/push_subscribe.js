// The reminders page's push notifications for this device: subscribe this browser with the
// site's key through the service worker every page registers (sw_register.js), and post the
// subscription with the page's own form; or unsubscribe it. The words are the page's, shown or
// hidden here.
(function () {
  "use strict";
  const section = document.getElementById("push");
  if (!section) return;
  const subscribeForm = document.getElementById("push-subscribe");
  const forgetForm = document.getElementById("push-forget");
  const say = (name) => {
    section.querySelector(`[data-push-says="${name}"]`).hidden = false;
  };

  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) {
    subscribeForm.hidden = true;
    say("unsupported");
    return;
  }

  // The key comes as base64url; the push manager wants its bytes.
  function keyBytes(base64url) {
    const base64 = (base64url + "===".slice((base64url.length + 3) % 4)).replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  }

  navigator.serviceWorker.ready.then(async (registration) => {
    const current = await registration.pushManager.getSubscription();
    if (current) {
      forgetForm.elements.endpoint.value = current.endpoint;
      forgetForm.hidden = false;
      say("subscribed");
    }
  });

  subscribeForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    if ((await Notification.requestPermission()) !== "granted") {
      say("denied");
      return;
    }
    try {
      const registration = await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: keyBytes(section.dataset.vapidKey),
      });
      subscribeForm.elements.subscription.value = JSON.stringify(subscription);
      subscribeForm.submit();
    } catch (error) {
      say("failed");
    }
  });

  forgetForm.addEventListener("submit", async (event) => {
    event.preventDefault();
    const registration = await navigator.serviceWorker.ready;
    const current = await registration.pushManager.getSubscription();
    if (current) await current.unsubscribe().catch(() => false);
    forgetForm.submit();
  });
})();
