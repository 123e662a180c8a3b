// The ceilings' registry: the policies' own update in tuned schedules and kernels, STREAM's references beside them,
// and the FMA kernels of the roofline's flat roof.
#include "policies/registry.hpp"

#include "measure/ceilings.hpp"
#include "policies/entry.hpp"

#include <cstddef>
#include <optional>
#include <string>
#include <utility>

namespace policybench {
namespace {

// One huge page of elements per dynamic chunk: small enough to balance, large enough that handing out chunks costs
// nothing measurable next to streaming them.
constexpr std::size_t dynamic_chunk_bytes = std::size_t(2) << 20;

enum class schedule { static_split, dynamic_chunks, tbb_stealing, one_thread };

// The in-place update a[i] = a[i] + 1, as the policies' calls are measured (the same placement, cold call,
// validation): the bound of a row at K = 1 whatever K the run has. The splits run on the ceilings' pinned threads;
// tbb_stealing as the policies on oneTBB schedule (auto_partitioner, workers unpinned), so that no policy outruns the
// bound by its schedule alone: the loop is compiled alike in every row, the schedule is what differs.
policy_entry in_place(std::string name, std::string backend, schedule how) {
  const host_threading threads = how == schedule::one_thread     ? host_threading::one_thread
                                 : how == schedule::tbb_stealing ? host_threading::tbb
                                                                 : ceiling_threading();
  policy_entry e = host_entry(std::move(name), std::move(backend), threads, [how](auto first, auto last, int) {
    using T = std::remove_pointer_t<decltype(first)>;
    const auto update = in_place_update(first);
    const auto n = static_cast<std::size_t>(last - first);
    if (how == schedule::static_split) for_each_static_chunk(n, ceiling_threading(), update);
    if (how == schedule::dynamic_chunks)
      for_each_dynamic_chunk(n, dynamic_chunk_bytes / sizeof(T), ceiling_threading(), update);
    if (how == schedule::tbb_stealing)
      tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n),
                        [&](const tbb::blocked_range<std::size_t>& r) { update(r.begin(), r.end()); });
    if (how == schedule::one_thread) update(0, n);
  });
  e.measure = [measure = std::move(e.measure), how](run_config cfg) {
    // The thread that first touched a page keeps updating it (not for oneTBB's workers: the calling thread, pinned
    // to one CPU, would take part in the calls).
    std::optional<pinned_openmp_threads> pinned;
    if (how != schedule::tbb_stealing) pinned.emplace();
    cfg.work = 1;
    return measure(cfg);
  };
  return e;
}

#if POLICYBENCH_HAVE_CUDA
// The grid-stride kernel row at K = 1 without its end-to-end views: the bytes the rows move, the least arithmetic.
measurement device_in_place(const run_config& cfg) {
  run_config one = cfg;
  one.work = 1, one.end_to_end = false;
  return measure_cuda_kernel_grid_stride(one);
}
#endif

} // namespace

std::vector<policy_entry> ceiling_streams(const device_info& device, int work) {
  const std::string pinned = std::string(to_string(ceiling_threading())) + ", pinned threads";
  constexpr auto bandwidth = ceiling_bound::bandwidth, compute = ceiling_bound::compute, none = ceiling_bound::none;
  std::vector<policy_entry> out;
  const auto add = [&out](std::string key, ceiling_bound bound, policy_entry e) {
    e.role = stream_role::ceiling, e.bound = bound, e.key = std::move(key);
    out.push_back(std::move(e));
  };
  add("host_in_place_static", bandwidth,
      in_place("host in place (static)", pinned + ", static split", schedule::static_split));
  add("host_in_place_dynamic", bandwidth,
      in_place("host in place (dynamic)", pinned + ", 2 MiB chunks as threads free up", schedule::dynamic_chunks));
  add("host_in_place_tbb", bandwidth,
      in_place("host in place (oneTBB)", "oneTBB auto_partitioner, as the PSTL on oneTBB", schedule::tbb_stealing));
  add("host_in_place_one_thread", bandwidth,
      in_place(std::string(one_thread_ceiling), "the calling thread alone", schedule::one_thread));
  add("host_copy", none, host_stream("host STREAM copy", pinned + ", b[i] = a[i]", [](const run_config& cfg) {
        return measure_host_copy_stream(cfg, false);
      }));
  add("host_scale", none, host_stream("host STREAM scale", pinned + ", b[i] = 3 a[i]", [](const run_config& cfg) {
        return measure_host_copy_stream(cfg, true);
      }));
  if (work > 1)
    add("host_compute", compute,
        host_stream("host FMA chains", pinned + ", 12 independent FMA chains per thread", measure_host_compute));
  add("device_in_place", bandwidth,
      device_entry("device in place", "grid-stride kernel, 16-byte vectors, resident grid",
                   POLICYBENCH_DEVICE_FN(device_in_place), device));
  add("device_copy", none,
      device_entry("device D2D copy", "cudaMemcpyAsync device to device", POLICYBENCH_DEVICE_FN(measure_device_copy),
                   device));
  if (work > 1)
    add("device_compute", compute,
        device_entry("device FMA chains", "8 independent FMA chains per thread, 4 resident waves",
                     POLICYBENCH_DEVICE_FN(measure_device_compute), device));
  return out;
}

} // namespace policybench
