/* fwtimes.h: how long the firmware and the boot loader took before the kernel, where the machine says: systemd-boot's EFI variables, else the ACPI firmware performance table (docs/formats.md). */
#ifndef BCD_FWTIMES_H
#define BCD_FWTIMES_H

#include <stdint.h>

/* Where the times came from. */
enum fw_source { FW_NONE, FW_EFI_LOADER, FW_ACPI_FPDT };

struct fw_times {
	enum fw_source from;
	uint64_t firmware_us;	/* reset to the loader's start */
	uint64_t loader_us;	/* the loader's start to the kernel's */
};

/*
 * Reads them under sysfd, an open /sys/firmware (tests: any directory
 * laid out so): efi/efivars/LoaderTime{Init,Exec}USec-GUID, else
 * acpi/fpdt/boot/{start_image_start,exitbootservice_end}_ns.  from is
 * FW_NONE when neither gives two times in order.
 */
void fw_times_read(int sysfd, struct fw_times *);
/* "efi-loader", "acpi-fpdt", or NULL for FW_NONE. */
const char *fw_source_name(enum fw_source);

#endif
