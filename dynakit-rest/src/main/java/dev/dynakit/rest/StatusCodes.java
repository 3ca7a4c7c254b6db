package dev.dynakit.rest;

import java.util.List;

/**
 * The HTTP statuses the reference toolkit lets users renumber. Statuses that the wire contract
 * fixes are not here: 400 for invalid requests, 405 for unknown routes, 412 for an {@code If-Match}
 * mismatch, 413 for an oversized body, and the success codes 200 and 204.
 *
 * @param miss a missing item ({@code 404})
 * @param validation DynamoDB refused the request as invalid ({@code 422})
 * @param consistency a version conflict or failed condition ({@code 409})
 * @param throttle DynamoDB throttled the request ({@code 429})
 * @param transientFailure DynamoDB is unavailable or failed internally ({@code 503})
 * @param internal a bug in Dynakit ({@code 500})
 */
public record StatusCodes(
    int miss, int validation, int consistency, int throttle, int transientFailure, int internal) {
  /** The reference toolkit's statuses. */
  public static final StatusCodes DEFAULTS = new StatusCodes(404, 422, 409, 429, 503, 500);

  /** Refuses a status outside 400..599. */
  public StatusCodes {
    for (int status :
        List.of(miss, validation, consistency, throttle, transientFailure, internal)) {
      if (status < 400 || status > 599) {
        throw new IllegalArgumentException("error statuses are 400..599, got " + status);
      }
    }
  }
}
