import { describe, expect, it } from "vitest";
import { parseCoordinatePair, roundDecimalText } from "./coordinates";

describe("parseCoordinatePair", () => {
  const empireState = { lat: "40.7484", lng: "-73.9857" };
  it.each([
    ["40.7484, -73.9857", empireState],
    ["40.7484 -73.9857", empireState],
    ["40.7484,-73.9857", empireState],
    ["(40.7484, -73.9857)", empireState],
    ["[40.7484, -73.9857]", empireState],
    ["  40.7484 ,\t-73.9857\n", empireState],
    ["40.7484; -73.9857", empireState],
    ["geo:40.7484,-73.9857", empireState],
    ["40.7484, \u221273.9857", empireState],
    ["+40.7484, -73.9857", empireState],
    ["40.7484° N, 73.9857° W", empireState],
    ["40.7484N 73.9857W", empireState],
    ["N 40.7484, W 73.9857", empireState],
    ["73.9857° W, 40.7484° N", empireState],
    ["33.8688 S, 151.2093 E", { lat: "-33.8688", lng: "151.2093" }],
    ["40, -74", { lat: "40", lng: "-74" }],
    // Out of range is still a pair: the form's range check speaks next to the field.
    ["91, 10", { lat: "91", lng: "10" }],
    // More decimals than the API keeps: the caller rounds.
    ["40.748441234, -73.985664321", { lat: "40.748441234", lng: "-73.985664321" }],
  ])("reads %j as a pair", (text, pair) => {
    expect(parseCoordinatePair(text)).toEqual(pair);
  });

  it.each([
    "40.7484",
    "",
    "40.7484, -73.9857, 12",
    "New York",
    "40.7484, abc",
    "40.7484 N, 73.9857 N",
    "1234, 5",
    "40.7484,,-73.9857",
    "40.7484 N W, 73.9857",
  ])("leaves %j to an ordinary paste", (text) => {
    expect(parseCoordinatePair(text)).toBeNull();
  });
});

describe("roundDecimalText", () => {
  it.each([
    ["40.74841234", "40.7484123"],
    ["40.74841235", "40.7484124"],
    ["-73.98566789", "-73.9856679"],
    ["0.12345675", "0.1234568"],
    ["89.99999999", "90"],
    ["-179.999999951", "-180"],
    ["-0.00000001", "0"],
    ["37.123456700001", "37.1234567"],
    ["09.000000049", "9"],
  ])("rounds %s to %s", (text, rounded) => {
    expect(roundDecimalText(text)).toBe(rounded);
  });

  it.each(["40.7484", "40.1234567", "-73", "", "abc", "1e-8", "40.12345678x"])(
    "leaves %j as it is",
    (text) => {
      expect(roundDecimalText(text)).toBe(text);
    },
  );

  it("rounds to other numbers of places", () => {
    expect(roundDecimalText("1.2345", 2)).toBe("1.23");
    expect(roundDecimalText("1.995", 2)).toBe("2");
  });
});
