// The MPI job in the order it runs (docs/cluster.md says what it does): errors that end every rank, the checks before
// any allocation, one stream across ranks, each rank's placement as the kernel sees it, the job's report; then run_job.
#include "mpi/job.hpp"

#include "cli/options.hpp"
#include "cli/write_report.hpp"
#include "harness/rules.hpp"
#include "harness/run.hpp"
#include "measure/timing.hpp"
#include "report/report.hpp"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <iostream>
#include <new>
#include <optional>
#include <sstream>
#include <string_view>
#include <type_traits>
#include <utility>

#include <sched.h>
#include <unistd.h>

namespace policybench {

mpi_session::mpi_session(int& argc, char**& argv) {
  MPI_Init(&argc, &argv);
  // MPI's default handler aborts on an MPI error; return codes are not checked further.
  MPI_Comm_rank(world, &rank);
  MPI_Comm_size(world, &ranks);
  MPI_Comm_split_type(world, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &node);
  MPI_Comm_rank(node, &local_rank);
  const int leader = local_rank == 0 ? 1 : 0;
  MPI_Allreduce(&leader, &nodes, 1, MPI_INT, MPI_SUM, world);
}

mpi_session::~mpi_session() {
  MPI_Comm_free(&node);
  MPI_Finalize();
}

namespace {

void print_rank_error(int rank, std::string_view error) {
  // One write: a line written in pieces (std::cerr is unbuffered) lets Open MPI's abort banner land in its middle.
  const std::string line = "policybench-mpi: rank " + std::to_string(rank) + ": error: " + one_line(error) + '\n';
  (void)!::write(STDERR_FILENO, line.data(), line.size());
}

// print_rank_error for this rank, then ends the whole job (MPI_Abort, exit status 1): for a failure inside a
// collective phase, where the other ranks wait in a barrier this rank will never reach.
[[noreturn]] void abort_job(const mpi_session& job, std::string_view error) {
  print_rank_error(job.rank, error);
  MPI_Abort(job.world, 1);
  std::abort(); // MPI_Abort does not return; the compiler does not know it
}

// A rank's error, as every rank learns it from first_error.
struct rank_error {
  int rank = 0;
  std::string text;
};

// Collective: the error of the lowest rank whose `mine` is set, on every rank; nullopt when no rank has one.
// Every rank calls it at the same step, so a failure that one rank alone sees ends the job on all of them.
std::optional<rank_error> first_error(const mpi_session& job, const std::optional<std::string>& mine) {
  const int candidate = mine ? job.rank : job.ranks;
  int first = job.ranks;
  MPI_Allreduce(&candidate, &first, 1, MPI_INT, MPI_MIN, job.world);
  if (first == job.ranks) return std::nullopt;
  std::string text = first == job.rank ? *mine : std::string();
  int length = int(text.size());
  MPI_Bcast(&length, 1, MPI_INT, first, job.world);
  text.resize(std::size_t(length));
  MPI_Bcast(text.data(), length, MPI_CHAR, first, job.world);
  return rank_error{.rank = first, .text = std::move(text)};
}

// Collective: every rank's `mine`, in rank order, on rank 0 (empty elsewhere). Sent as its bytes: every rank runs
// the same executable.
template <class T> std::vector<T> gather(const mpi_session& job, const T& mine) {
  static_assert(std::is_trivially_copyable_v<T>);
  std::vector<T> all(job.rank == 0 ? std::size_t(job.ranks) : 0);
  MPI_Gather(&mine, sizeof(T), MPI_BYTE, all.data(), sizeof(T), MPI_BYTE, 0, job.world);
  return all;
}

enum class scaling_kind { weak, strong };
constexpr enum_name<scaling_kind> scaling_names[] = {{scaling_kind::weak, "weak"}, {scaling_kind::strong, "strong"}};

// Every rank makes the same count of calls, one policy after another (docs/cluster.md "How a job is timed"): the
// options that would let a rank stop on its own samples, or order rounds, are refused, each with what to use instead.
void refuse_unsteady_options(const CLI::App& app) {
  const std::pair<std::vector<std::string>, std::string> refused[] = {
      {{"--list-workloads"}, "; policybench --list-workloads lists them"},
      {{"--sweep"}, "; scripts/mpi_scaling.sh runs a series of rank counts"},
      {{"--max-noise", "--min-time", "--timeout", "--budget"},
       ", whose ranks must make the same number of calls; give --reps"},
      {{"--order", "--seed", "--repetitions"}, ", which runs the policies one after another"}};
  for (const auto& [names, instead] : refused)
    if (std::ranges::any_of(names, [&](const std::string& name) { return app.count(name) > 0; }))
      throw usage_error(CLI::detail::join(names, ", ") + ": not in policybench-mpi" + instead);
}

// One rank's checked inputs. `opts.run.size` is this rank's element count.
struct rank_setup {
  options opts;
  scaling_kind scaling = scaling_kind::weak;
  std::size_t command_line_hash = 0;
  device_info device;
  std::vector<policy_entry> selected; ///< with --list-policies, every row of the registry (rank 0 lists them)
  std::optional<output_file> file;    ///< rank 0 only
};

// Not collective: fills `s` from `args`, checking this rank's share of the job; false when rank 0 printed --help or
// --version. Throws usage_error naming the option for bad input.
bool prepare(const mpi_session& job, std::span<const char* const> args, rank_setup& s) {
  // First, so that a rank given --help or --version that others were not still meets the disagreement check.
  std::string line;
  for (const char* a : args.subspan(1))
    line += std::string(a) + '\0';
  s.command_line_hash = std::hash<std::string>{}(line);
  const auto mpi_options = [&](CLI::App& app) { // --scaling, and the options no rank may take here
    add_choice(app, "--scaling", s.scaling, scaling_names,
               "weak (--size elements per rank, the default) or strong (--size in total, split evenly)")
        ->type_name("KIND");
    app.footer("policybench-mpi: --reps defaults to 10 here; --max-noise, --min-time, --timeout, --budget, --order, "
               "--seed and --sweep are refused (every rank makes the same calls, one policy after another)");
    app.final_callback([&app] { refuse_unsteady_options(app); });
  };
  std::ostringstream elsewhere; // --help and --version: printed by rank 0 alone
  const auto opts = parse_options(args, job.rank == 0 ? std::cout : elsewhere, report_format_names(), mpi_options);
  if (!opts) return false;
  s.opts = *opts;
  if (s.opts.workloads.size() > 1) // the job's report is one workload's
    throw usage_error("--workload: one workload in policybench-mpi, not " + std::to_string(s.opts.workloads.size()));
  if (s.opts.default_stopping) s.opts.run.stop.max_noise = 0, s.opts.run.stop.reps = default_reps;
  s.opts.order.budget = {}, s.opts.run.keep_disturbed = true;
  if (s.scaling == scaling_kind::strong) { // --size split evenly, the first size mod ranks ranks taking one more
    const auto size = s.opts.run.size, ranks = std::uint64_t(job.ranks), rank = std::uint64_t(job.rank);
    s.opts.run.size = size / ranks + (rank < size % ranks ? 1 : 0);
  }
  if (job.rank == 0 && s.opts.output && !is_standard_output(*s.opts.output)) s.file.emplace(*s.opts.output);
  s.device = query_device(job.local_rank);
  s.selected = registry(s.device);
  if (s.opts.list_policies) return true;
  s.selected =
      or_usage_error<unknown_policy>("--policies: ", [&] { return select_policies(s.selected, s.opts.policies); });
  or_usage_error<insufficient_memory>("--size: this rank's ", [&] {
    or_usage_error<unstartable_threads>("", [&] { check_resources(s.opts.run, s.opts.threads, s.selected, s.device); });
  });
  return true;
}

// Collective: why this rank cannot join rank 0's run (a different command line, a device rank 0 has and it has
// not, or the reverse), or nullopt.
std::optional<std::string> disagreement(const mpi_session& job, const rank_setup& s) {
  unsigned long long facts[2] = {s.command_line_hash, s.device.unavailable ? 0ull : 1ull};
  MPI_Bcast(facts, 2, MPI_UNSIGNED_LONG_LONG, 0, job.world);
  if (facts[0] != s.command_line_hash)
    return "its command line differs from rank 0's: every rank must run the same options";
  if (facts[1] != (s.device.unavailable ? 0ull : 1ull))
    return s.device.unavailable ? "no usable GPU (" + *s.device.unavailable + "), but rank 0 has one"
                                : "a usable GPU, but rank 0 has none: every rank must run the same policies";
  return std::nullopt;
}

// This rank's own median, GB/s and validity, gathered on rank 0.
void keep_own_figures(const mpi_session& job, const std::string& name, const run_config& cfg, const measurement& m,
                      rank_figures_by_policy& by_policy) {
  const auto own = summarize_view(m.in_place, timing_view::host, cfg.keep_disturbed);
  const figure median = own ? figure(own->stats.median_s) : figure();
  auto all = gather(job, rank_figures{.rank = job.rank,
                                      .median_s = median,
                                      .gb_per_s = gb_per_s(m.bytes_per_call.value_or(cfg.bytes_per_call()), median),
                                      .validated = !m.validation_error});
  if (job.rank == 0) by_policy[name] = std::move(all); // a policy measured again keeps its latest figures
}

// The job's figures of `m` for every stream alike, policy or ceiling (across_ranks says which); call by call, since
// every rank made as many calls (same options).
void aggregate_over_ranks(const mpi_session& job, const run_config& cfg, measurement& m) {
  const auto slowest = [&](timed_calls& t) {
    for (const std::span<double> samples : {std::span(&t.cold_s, 1), std::span(t.warm_s), std::span(t.kernel_s)})
      MPI_Allreduce(MPI_IN_PLACE, samples.data(), int(samples.size()), MPI_DOUBLE, MPI_MAX, job.world);
  };
  slowest(m.in_place);
  for (auto* e2e : {&m.e2e_pageable, &m.e2e_pinned})
    if (*e2e) slowest(**e2e);
  m.bytes_per_call = m.bytes_per_call.value_or(cfg.bytes_per_call());
  for (auto* per_call : {&m.bytes_per_call, &m.flops_per_call})
    if (*per_call) MPI_Allreduce(MPI_IN_PLACE, &**per_call, 1, MPI_DOUBLE, MPI_SUM, job.world);
}

// "0-3,8": the set CPUs as ranges.
std::string cpu_list(const cpu_set_t& set) {
  std::string out;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu) {
    if (!CPU_ISSET(cpu, &set)) continue;
    int last = cpu;
    while (last + 1 < CPU_SETSIZE && CPU_ISSET(last + 1, &set))
      ++last;
    if (!out.empty()) out += ',';
    out += std::to_string(cpu);
    if (last > cpu) out += '-', out += std::to_string(last);
    cpu = last;
  }
  return out;
}

// Whether two ranks of this node hold a common CPU: how many ranks hold each CPU, summed over the node.
bool node_shares_cpus(const mpi_session& job, const cpu_set_t& set) {
  std::vector<int> holders(CPU_SETSIZE);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    holders[std::size_t(cpu)] = CPU_ISSET(cpu, &set) ? 1 : 0;
  MPI_Allreduce(MPI_IN_PLACE, holders.data(), CPU_SETSIZE, MPI_INT, MPI_SUM, job.node);
  return std::ranges::any_of(holders, [](int h) { return h > 1; });
}

using json = nlohmann::ordered_json;

// Collective: where every rank ran (its CPUs, the launcher's affinity mask), on rank 0 in rank order (empty elsewhere):
// the JSON's "placement" (docs/cluster.md). Appends to `warnings` on rank 0 a line for each node whose ranks' masks
// overlap and for each rank whose `threads` (oneTBB/OpenMP concurrency) exceed the CPUs in its mask.
json gather_placement(const mpi_session& job, int device, int threads, std::vector<std::string>& warnings) {
  struct facts {
    int local_rank, device, threads;
    bool shared;
    cpu_set_t cpus;
    char host[MPI_MAX_PROCESSOR_NAME];
  } mine{.local_rank = job.local_rank, .device = device, .threads = threads, .shared = false, .cpus = {}, .host = {}};
  if (sched_getaffinity(0, sizeof mine.cpus, &mine.cpus) != 0) CPU_ZERO(&mine.cpus); // unknown: an empty list, count 0
  mine.shared = node_shares_cpus(job, mine.cpus);
  int host_length = 0;
  MPI_Get_processor_name(mine.host, &host_length);
  const auto all = gather(job, mine);
  json out = json::array();
  for (std::size_t r = 0; r < all.size(); ++r) {
    const facts& f = all[r];
    const std::string host(f.host, strnlen(f.host, sizeof f.host)), cpus = cpu_list(f.cpus);
    const int cpu_count = CPU_COUNT(&f.cpus);
    out.push_back({{"rank", r},
                   {"local_rank", f.local_rank},
                   {"host", host},
                   {"cpus", cpus},
                   {"cpu_count", cpu_count},
                   {"device", f.device}});
    if (f.shared && f.local_rank == 0)
      warnings.push_back("ranks on " + host +
                         " share CPUs (their affinity masks overlap): their threads compete for the same cores; "
                         "bind each rank to its own cores (mpirun --bind-to core, or --bind-to numa with at most one "
                         "rank per NUMA node; srun --cpu-bind=cores)");
    if (cpu_count > 0 && f.threads > cpu_count)
      warnings.push_back("rank " + std::to_string(r) + " runs " + std::to_string(f.threads) + " host threads on " +
                         std::to_string(cpu_count) + " CPUs (" + cpus +
                         "): oversubscribed; give it more cores or a smaller --threads");
  }
  return out;
}

// Every row's rank figures: the fastest and the slowest rank's own median, and their ratio (none for a row no rank
// measured).
void add_rank_figures(benchmark_report& report, const rank_figures_by_policy& by_policy) {
  for (auto& row : report.results) {
    figure low, high;
    if (const auto found = by_policy.find(row.policy); found != by_policy.end())
      for (const rank_figures& r : found->second)
        if (r.median_s) {
          low = low ? std::min(*low, *r.median_s) : *r.median_s;
          high = high ? std::max(*high, *r.median_s) : *r.median_s;
        }
    row.ranks = rank_spread{.median_min_s = low, .median_max_s = high, .imbalance = ratio(high, low)};
  }
}

// The JSON's "mpi" section, and every row's "per_rank" in rank order.
json_addition job_json(const mpi_session& job, std::string_view scaling, const json& placement,
                       const rank_figures_by_policy& by_policy) {
  return [&](json& document) {
    document["mpi"] = {{"ranks", job.ranks}, {"nodes", job.nodes}, {"scaling", scaling}, {"placement", placement}};
    for (json& row : document["results"]) {
      const auto found = by_policy.find(row["policy"].get<std::string>());
      row["per_rank"] = found != by_policy.end()
                            ? POLICYBENCH_JSON_ARRAY(found->second, rank, median_s, gb_per_s, validated)
                            : json::array();
    }
  };
}

// Rank 0: the job's report of `run` (its size and durations already the job's) with the rank figures, placement and
// `warnings`, written as `s` asks; 0 when every row validated, else 1.
int write_job_report(const mpi_session& job, rank_setup& s, const measured_run& run, const json& placement,
                     std::vector<std::string> warnings, const rank_figures_by_policy& by_policy) {
  const std::string_view scaling = name_in(scaling_names, s.scaling);
  benchmark_report report = to_report(run);
  add_rank_figures(report, by_policy);
  report.notes.push_back("MPI job: " + std::to_string(job.ranks) + " ranks on " + std::to_string(job.nodes) +
                         (job.nodes == 1 ? " node, " : " nodes, ") + std::string(scaling) +
                         " scaling; GB/s = all ranks' bytes / the slowest rank's time");
  report.warnings.insert(report.warnings.begin(), warnings.begin(), warnings.end());
  deliver_report(report, s.opts.format, s.file, job_json(job, scaling, placement, by_policy));
  return all_valid(report.results) ? 0 : 1;
}

// Collective: when some rank has an error, rank 0 prints the lowest one's line, and every rank returns `status`.
std::optional<int> stop_on_error(const mpi_session& job, const std::optional<std::string>& error, int status) {
  const auto bad = first_error(job, error);
  if (!bad) return std::nullopt;
  int worst = error ? status : 0;
  MPI_Allreduce(MPI_IN_PLACE, &worst, 1, MPI_INT, MPI_MAX, job.world);
  if (job.rank == 0) print_rank_error(bad->rank, bad->text);
  return worst;
}

// Collective: runs f on every rank, or on rank 0 alone, and every rank returns rank 0's exit status; what f throws is
// the error every rank then learns through stop_on_error, with status 2 for a usage_error, else 1.
template <class F> int collective_step(const mpi_session& job, bool every_rank, F&& f) {
  int status = 0;
  std::optional<std::string> error;
  if (every_rank || job.rank == 0) try {
      status = f();
    } catch (const usage_error& e) {
      error = e.what();
      status = 2;
    } catch (const std::exception& e) {
      error = e.what();
      status = 1;
    }
  if (const auto stop = stop_on_error(job, error, status)) return *stop;
  MPI_Bcast(&status, 1, MPI_INT, 0, job.world);
  return status;
}

} // namespace

policy_entry across_ranks(policy_entry p, const mpi_session& job, rank_figures_by_policy& by_policy) {
  if (!p.measure) return p;
  p.measure = [inner = std::move(p.measure), name = p.name, &job, &by_policy](run_config cfg) {
    cfg.before_each_call = [world = job.world] { MPI_Barrier(world); }; // every rank's call starts together
    measurement m;
    try {
      m = inner(cfg);
    } catch (const std::bad_alloc&) {
      abort_job(job, name + ": out of memory (std::bad_alloc); a smaller --size needs less");
    } catch (const std::exception& e) {
      abort_job(job, name + ": " + e.what());
    }
    keep_own_figures(job, name, cfg, m, by_policy);
    if (const auto bad = first_error(job, m.validation_error))
      m.validation_error = "rank " + std::to_string(bad->rank) + ": " + bad->text;
    aggregate_over_ranks(job, cfg, m);
    return m;
  };
  return p;
}

int run_job(const mpi_session& job, std::span<const char* const> args) {
  rank_setup s;
  bool go = false;
  if (const int status = collective_step(job, true, [&] {
        go = prepare(job, args, s);
        return 0;
      }))
    return status;
  // Before --help and --version return: a rank given them alone would leave the others waiting here.
  if (const auto stop = stop_on_error(job, disagreement(job, s), 2)) return *stop;
  if (!go) return 0; // every rank was given --help or --version
  if (s.opts.list_policies)
    return collective_step(job, false, [&] {
      deliver_list(s.opts.format, s.file, policy_list_json(s.selected),
                   [&](std::ostream& out, bool markdown) { write_policy_list(s.selected, out, markdown); });
      return 0;
    });
  rank_figures_by_policy by_policy;
  std::vector<policy_entry> streams;
  for (auto& p : with_ceilings(std::move(s.selected), s.device, s.opts.run))
    streams.push_back(across_ranks(std::move(p), job, by_policy));
  measured_run run;
  try { // every stream's failure ends the job inside across_ranks; this is for what the run itself allocates
    run = run_policies(s.opts.run, s.opts.threads, query_host(), s.device, streams);
  } catch (const std::bad_alloc&) {
    abort_job(job, "out of host memory (std::bad_alloc); a smaller --size needs less");
  } catch (const std::exception& e) {
    abort_job(job, e.what());
  }
  // The job's element count: the report's size and working set, a row's FLOPs at K (every stream's durations are
  // already the slowest rank's and its bytes every rank's: across_ranks).
  static_assert(sizeof(run.config.size) == sizeof(std::uint64_t));
  MPI_Allreduce(MPI_IN_PLACE, &run.config.size, 1, MPI_UINT64_T, MPI_SUM, job.world);
  std::vector<std::string> warnings;
  const auto placement = gather_placement(job, run.device.ordinal, run.host_concurrency, warnings);
  return collective_step(job, false,
                         [&] { return write_job_report(job, s, run, placement, std::move(warnings), by_policy); });
}

} // namespace policybench
