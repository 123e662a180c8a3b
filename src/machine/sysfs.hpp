// What the Linux kernel says about the host, read from a sysfs tree (as lscpu and numactl read it): the caches, the
// transparent-huge-page mode and the NUMA nodes. Every reader takes the tree's root, so tests can use a fixture.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace policybench {

/// Cache sizes in bytes; 0 where the tree does not say.
struct cpu_caches {
  std::size_t l1d_bytes = 0; ///< level 1 Data cache of cpu0 (per core)
  std::size_t l2_bytes = 0;  ///< level 2 cache of cpu0 (per core on current x86)
  std::size_t llc_bytes = 0; ///< the highest level's cache: one instance's size x llc_instances (STREAM's 4x rule
                             ///< counts every last-level cache); lscpu's "L3: 32 MiB (1 instance)"
  int llc_instances = 0;     ///< distinct shared_cpu_list values of that level over all CPUs
};

/// Reads ROOT/devices/system/cpu/cpu*/cache/index*/{level,type,size,shared_cpu_list}. Sizes as the kernel writes
/// them ("48K", "32768K", "1M"); Instruction caches are skipped. Never throws.
cpu_caches read_cpu_caches(const std::filesystem::path& root);

/// The bracketed word of ROOT/kernel/mm/transparent_hugepage/enabled ("always", "madvise" or "never"); empty when
/// the file is absent (a kernel without transparent huge pages) or malformed.
std::string read_transparent_hugepage_mode(const std::filesystem::path& root);

/// The online NUMA nodes, ROOT/devices/system/node/online ("0-1" -> {0, 1}); empty when absent (no NUMA support).
std::vector<int> read_numa_nodes(const std::filesystem::path& root);

/// A kernel list such as "0-3,8,10-11" as its numbers in order; std::nullopt when malformed or descending.
std::optional<std::vector<int>> parse_kernel_list(std::string_view list);

/// A kernel cache size ("48K", "2M", "1G" or plain bytes) in bytes; std::nullopt when malformed.
std::optional<std::size_t> parse_kernel_size(std::string_view size);

} // namespace policybench
