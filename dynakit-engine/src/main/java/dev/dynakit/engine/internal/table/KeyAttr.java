package dev.dynakit.engine.internal.table;

/** A key attribute: its name and scalar type ({@code S}, {@code N} or {@code B}). */
public record KeyAttr(String name, String type) {}
