// The food page: text → review table (edit amounts, other matches, remove) → save → day and week.
"use strict";
(function () {
  const V = window.Verbatim;
  const $ = (id) => document.getElementById(id);
  let review = null;
  let day = V.today();

  function number(value) {
    return Math.abs(value) >= 100 || Number.isInteger(value) ? String(Math.round(value)) : value.toFixed(1);
  }

  async function analyze() {
    const text = $("food-text").value;
    if (!text.trim()) return V.status($("food-status"), "Write what you ate first.", true);
    $("analyze").disabled = true;
    V.status($("food-status"), "Reading and matching…");
    try {
      show(await V.post("/api/food/analyze", { text: text, meal: $("meal").value || null, day: day }));
      V.status($("food-status"), "");
    } catch (error) {
      V.status($("food-status"), error.message, true);
    } finally {
      $("analyze").disabled = false;
    }
  }

  function matchCell(item) {
    const cell = V.element("td", { className: "match" });
    if (!item.food) {
      cell.append(V.element("span", { className: "badge bad", textContent: "unmatched: pick another match or it is skipped" }));
      return cell;
    }
    cell.append(item.food);
    cell.append(V.element("span", { className: "source", textContent: item.source + (item.recordID ? " " + item.recordID : "") }));
    if (item.status === "estimated") cell.append(V.element("span", { className: "badge", textContent: "estimate" }));
    if (item.status === "amountUnknown") cell.append(V.element("span", { className: "badge", textContent: item.assumption ? "amount unknown" : "amount unknown: default portion" }));
    if (item.assumption) cell.append(V.element("span", { className: "source", textContent: "assumed: " + item.assumption }));
    return cell;
  }

  function amountCell(item, units) {
    const quantity = V.element("input", { type: "number", min: "0", step: "any", value: item.quantity ?? "", className: "quantity" });
    quantity.setAttribute("aria-label", "amount of " + item.mention);
    const unit = V.element("select", { className: "unit" });
    for (const name of units) unit.append(V.element("option", { value: name, textContent: name, selected: name === item.unit }));
    const update = V.element("button", { className: "secondary update", textContent: "Update" });
    update.addEventListener("click", () => change("/api/food/edit", { item: item.id, quantity: Number(quantity.value), unit: unit.value }));
    quantity.addEventListener("keydown", (event) => { if (event.key === "Enter") update.click(); });
    return V.element("td", {}, [quantity, " ", unit, " ", update]);
  }

  function actionsCell(item, row) {
    const others = V.element("button", { className: "secondary others-button", textContent: "Other matches" });
    others.addEventListener("click", () => showOthers(item, row));
    const remove = V.element("button", { className: "secondary remove", textContent: "Remove" });
    remove.addEventListener("click", () => change("/api/food/remove", { item: item.id }));
    return V.element("td", {}, [others, " ", remove]);
  }

  async function showOthers(item, row) {
    try {
      const candidates = await V.get("/api/food/candidates?review=" + encodeURIComponent(review.id) + "&item=" + item.id);
      const list = V.element("ul", { className: "others" });
      if (!candidates.length) list.append(V.element("li", { textContent: "No other matches." }));
      for (const candidate of candidates) {
        const pick = V.element("button", { className: "secondary", textContent: "Use" });
        pick.addEventListener("click", () => change("/api/food/match", { item: item.id, recordID: candidate.recordID }));
        list.append(V.element("li", {}, [pick, " " + candidate.name + " · " + candidate.source + " · " + number(candidate.kcalPer100g) + " kcal/100 g"]));
      }
      row.querySelector("td.match").append(list);
    } catch (error) {
      V.status($("food-status"), error.message, true);
    }
  }

  async function change(path, body) {
    try {
      show(await V.post(path, Object.assign({ review: review.id }, body)));
      V.status($("food-status"), "");
    } catch (error) {
      V.status($("food-status"), error.message, true);
    }
  }

  function show(next) {
    review = next;
    $("review").classList.remove("hidden");
    $("review-day").textContent = "· " + review.day;
    $("review-meal").value = review.meal;
    $("review").dataset.meal = review.meal;
    $("review-source").textContent = review.parsedBy || "";
    const body = $("review-table").querySelector("tbody");
    body.replaceChildren();
    // When the model and the rules each read part of the text, each item says which read it.
    const readers = new Set(review.items.map((item) => item.readBy));
    for (const item of review.items) {
      const row = V.element("tr", { className: "item " + item.status });
      row.dataset.item = item.id;
      const words = V.element("td", { className: "words", textContent: "“" + item.mention + "”" });
      if (readers.size > 1) words.append(V.element("span", { className: "source", textContent: "read by " + item.readBy }));
      row.append(words);
      row.append(matchCell(item));
      row.append(amountCell(item, review.units));
      for (const key of ["grams", "kcal", "protein", "carbs", "fat"]) {
        row.append(V.element("td", { className: "num " + key, textContent: number(item[key]) }));
      }
      row.append(actionsCell(item, row));
      body.append(row);
    }
    for (const key of ["kcal", "protein", "carbs", "fat"]) $("total-" + key).textContent = number(review.total[key]);
  }

  async function save() {
    $("save").disabled = true;
    try {
      const saved = await V.post("/api/food/save", { review: review.id });
      V.status($("food-status"), "Saved " + saved.saved + (saved.saved === 1 ? " entry" : " entries") + " to " + saved.meal + ".");
      $("review").classList.add("hidden");
      $("food-text").value = "";
      review = null;
      await loadDay(true);
    } catch (error) {
      V.status($("food-status"), error.message + " — nothing was lost; try again.", true);
    } finally {
      $("save").disabled = false;
    }
  }

  async function loadDay(changed) {
    const view = await V.get("/api/food/day?day=" + day);
    for (const key of ["kcal", "protein", "carbs", "fat"]) {
      $("eaten-" + key).textContent = number(view.totals[key]);
      $("target-" + key).textContent = number(view.targets[key]);
      $("set-" + key).value = view.targets[key];
    }
    // The page loads today's charts at once; they are fetched again only after a change.
    if (changed || day !== V.today()) {
      const stamp = "&t=" + Date.now();
      $("day-chart").src = "/api/food/chart/day.svg?day=" + day + stamp;
      $("week-chart").src = "/api/food/chart/week.svg?day=" + day + stamp;
    }
    const list = $("day-entries");
    list.replaceChildren();
    for (const entry of view.entries) list.append(entryRow(entry));
  }

  // A saved entry, with its grams to correct and a delete button; totals and charts follow.
  function entryRow(entry) {
    const grams = V.element("input", { type: "number", min: "1", max: "10000", step: "any", value: entry.grams, className: "quantity entry-grams" });
    grams.setAttribute("aria-label", "grams of " + entry.name);
    const update = V.element("button", { className: "secondary entry-update", textContent: "Change" });
    update.addEventListener("click", () => correct("/api/food/entry/amount", { entry: entry.id, grams: Number(grams.value) }));
    grams.addEventListener("keydown", (event) => { if (event.key === "Enter") update.click(); });
    const remove = V.element("button", { className: "secondary entry-delete", textContent: "Delete" });
    remove.addEventListener("click", () => correct("/api/food/entry/delete", { entry: entry.id }));
    return V.element("li", {}, [
      entry.meal + ": " + entry.name + " — " + number(entry.kcal) + " kcal ",
      V.element("span", { className: "source", textContent: "from “" + entry.mention + "”" + (entry.estimate ? " · estimate" : "") }),
      " ", grams, " g ", update, " ", remove,
    ]);
  }

  async function correct(path, body) {
    try {
      await V.post(path, body);
      await loadDay(true);
      V.status($("day-status"), "");
    } catch (error) {
      V.status($("day-status"), error.message, true);
    }
  }

  async function saveTargets() {
    try {
      await V.post("/api/food/targets", {
        kcal: Number($("set-kcal").value), protein: Number($("set-protein").value),
        carbs: Number($("set-carbs").value), fat: Number($("set-fat").value),
      });
      V.status($("library-status"), "Targets set.");
      await loadDay(true);
    } catch (error) {
      V.status($("library-status"), error.message, true);
    }
  }

  async function addCustom() {
    try {
      await V.post("/api/food/custom", {
        name: $("custom-name").value, kcal: Number($("custom-kcal").value), protein: Number($("custom-protein").value),
        carbs: Number($("custom-carbs").value), fat: Number($("custom-fat").value),
      });
      V.status($("library-status"), "Added " + $("custom-name").value + "; it matches from now on.");
    } catch (error) {
      V.status($("library-status"), error.message, true);
    }
  }

  async function addLibrary(path, what) {
    const name = $("library-name").value;
    try {
      const saved = await V.post(path, {
        name: name, servings: Number($("library-servings").value) || 1,
        lines: $("library-lines").value.split("\n"),
      });
      V.status($("library-status"), what + " “" + saved.name + "” saved (" + number(saved.kcal) + " kcal" +
        (path.endsWith("recipe") ? " per serving" : "") + "); write its name to log it.");
    } catch (error) {
      V.status($("library-status"), error.message, true);
    }
  }

  $("analyze").addEventListener("click", analyze);
  $("add-recipe").addEventListener("click", () => addLibrary("/api/food/recipe", "Recipe"));
  $("add-meal").addEventListener("click", () => addLibrary("/api/food/saved-meal", "Meal"));
  $("save").addEventListener("click", save);
  $("review-meal").addEventListener("change", () => change("/api/food/meal", { meal: $("review-meal").value }));
  $("cancel").addEventListener("click", () => { review = null; $("review").classList.add("hidden"); });
  $("save-targets").addEventListener("click", saveTargets);
  $("add-custom").addEventListener("click", addCustom);
  $("day-picker").value = day;
  $("day-picker").addEventListener("change", () => { day = $("day-picker").value || V.today(); loadDay(true); });
  loadDay().catch((error) => V.status($("food-status"), error.message, true));
})();
