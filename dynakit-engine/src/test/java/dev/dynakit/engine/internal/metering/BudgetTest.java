package dev.dynakit.engine.internal.metering;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class BudgetTest {
  /** Admits unit-sized requests at {@code second} until refused; returns how many. */
  private static int fill(Budget b, long second, double limit, boolean burst) {
    int n = 0;
    while (b.allows(second, limit, burst)) {
      b.consume(second, limit, burst, 1);
      n++;
    }
    return n;
  }

  @Test
  void newBudget_hasNoBurstCredit_onlyTheSecondsUnits() {
    Budget b = new Budget();
    assertThat(fill(b, 100, 5, true)).isEqualTo(5);
  }

  @Test
  void idleSeconds_accrueBurstCredit_upToThreeHundredSecondsWorth() {
    Budget b = new Budget();
    assertThat(fill(b, 0, 5, true)).isEqualTo(5);
    // seconds 1..100 unused: 100 x 5 units of credit, plus second 101's own 5
    assertThat(fill(b, 101, 5, true)).isEqualTo(505);
    // idle for an hour: the credit stops at 300 seconds' worth
    assertThat(fill(b, 4000, 5, true)).isEqualTo(5 + 1500);
  }

  @Test
  void withoutBurst_nothingAccrues() {
    Budget b = new Budget();
    fill(b, 0, 5, false);
    assertThat(fill(b, 100, 5, false)).isEqualTo(5);
  }

  @Test
  void oneRequestLargerThanASecond_overdraws_andTheDebtIsRepaid() {
    Budget b = new Budget();
    assertThat(b.allows(0, 5, false)).isTrue();
    b.consume(0, 5, false, 16);
    // 11 units owed: seconds 1 and 2 pay 5 each, second 3 has 4 left
    assertThat(b.allows(1, 5, false)).isFalse();
    assertThat(b.allows(2, 5, false)).isFalse();
    assertThat(fill(b, 3, 5, false)).isEqualTo(4);
  }

  @Test
  void noLimit_admitsEverything() {
    Budget b = new Budget();
    b.consume(0, 0, false, 1_000_000);
    assertThat(b.allows(0, 0, false)).isTrue();
    // a limit set later starts from a clean second
    assertThat(fill(b, 1, 5, true)).isEqualTo(5);
  }
}
