// The CPU slowdown that makes this host a mid-tier phone, for Lighthouse's simulated throttling.
//
// Lighthouse's 4x slowdown assumes a high-end desktop host. On another host the documented practice is to calibrate
// it from the host's BenchmarkIndex (Lighthouse's docs/throttling.md, "Calibrating the CPU slowdown"), so that the
// emulated phone stays a mid-tier phone. LIGHTHOUSE_CPU_MULTIPLIER overrides the calibration.

/**
 * The slowdown for a BenchmarkIndex, from Lighthouse's CPU throttling calculator
 * (patrickhulce/lighthouse-cpu-throttling-calculator, linked from Lighthouse's docs/throttling.md).
 */
export function calibratedMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return 4
  if (benchmarkIndex >= 1533) return 4
  if (benchmarkIndex >= 1300) return 3 + (benchmarkIndex - 1300) / 233
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650)
}
