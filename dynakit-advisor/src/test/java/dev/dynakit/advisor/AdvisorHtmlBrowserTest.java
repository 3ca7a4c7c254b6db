package dev.dynakit.advisor;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The HTML report in headless Chromium (Debian's {@code chromium} and {@code chromium-driver},
 * installed by {@code tools/chromium install}): every chart is drawn, and a screenshot is saved
 * under target/. Without Chromium the test is skipped with the reason printed, unless {@code
 * -Ddynakit.browser.required=true} (set by CI after installing it), where it fails.
 */
class AdvisorHtmlBrowserTest {
  private static final String REQUIRED_PROPERTY = "dynakit.browser.required";
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path DRIVER = Path.of("/usr/bin/chromedriver");
  private static final Path SPECS = Path.of("..", "examples", "specs");

  private static ChromeDriver browser;

  @BeforeAll
  static void start() {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(DRIVER)) {
      String reason =
          CHROMIUM
              + " or "
              + DRIVER
              + " is not installed (tools/chromium install): the HTML"
              + " report's browser test is skipped";
      if (Boolean.getBoolean(REQUIRED_PROPERTY)) {
        throw new AssertionError(
            reason.replace("is skipped", "cannot run") + " but " + REQUIRED_PROPERTY + " is set");
      }
      System.err.println("[dynakit-advisor] " + reason);
      Assumptions.assumeTrue(false, reason);
    }
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--window-size=1100,2600");
    ChromeDriverService service =
        new ChromeDriverService.Builder().usingDriverExecutable(DRIVER.toFile()).build();
    browser = new ChromeDriver(service, options);
    browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(60));
  }

  @AfterAll
  static void stop() {
    if (browser != null) {
      browser.quit();
    }
  }

  @Test
  void simulationReport_drawsEveryChart_andListsEveryFindingWithItsFix() throws Exception {
    Report report =
        Advisor.of(SPECS.resolve("events.json")).traffic(SPECS.resolve("traffic.json")).simulate();
    Path page = Path.of("target", "advisor-report.html").toAbsolutePath();
    Files.writeString(page, report.html(), StandardCharsets.UTF_8);

    browser.get(page.toUri().toString());

    for (String chart :
        List.of("load-vs-ceiling", "hot-keys", "partition-sizes", "cost", "storage")) {
      WebElement svg = browser.findElement(By.id(chart));
      assertThat(svg.getSize().getWidth()).as(chart).isPositive();
      assertThat(svg.getSize().getHeight()).as(chart).isPositive();
      List<WebElement> bars = svg.findElements(By.cssSelector("rect.bar"));
      assertThat(bars).as(chart + " bars").isNotEmpty();
      assertThat(bars).as(chart + " bars drawn").anyMatch(b -> b.getSize().getWidth() > 1);
    }
    List<WebElement> rows = browser.findElements(By.cssSelector("#findings tr"));
    assertThat(rows).hasSize(report.findings().size() + 1);
    assertThat(browser.findElement(By.id("findings")).getText())
        .contains("key-throttles", "shard it N ways");
    byte[] png = ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES);
    Path screenshot = Path.of("target", "advisor-report.png");
    Files.write(screenshot, png);
    assertThat(png.length).isGreaterThan(10_000);
  }
}
