package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/forocl/forocl/clhost"
)

func TestWriteDevices(t *testing.T) {
	ds := []clhost.Device{
		{
			Index: "0:0", Platform: "NVIDIA CUDA", Name: "NVIDIA GeForce RTX 4080", Type: "GPU",
			ComputeUnits: 76, GlobalMem: 16_750_000_000, LocalMem: 48 << 10, MaxWorkGroupSize: 1024,
			OpenCLC: "OpenCL C 1.2 ", FP64: true,
		},
		{
			Index: "1:0", Platform: "Portable Computing Language", Name: "pthread-haswell", Type: "CPU",
			ComputeUnits: 2, GlobalMem: 3 << 30, LocalMem: 512 << 10, MaxWorkGroupSize: 4096,
			OpenCLC: "OpenCL C 1.2 PoCL",
		},
	}
	var b bytes.Buffer
	if err := writeDevices(&b, ds); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	t.Logf("\n%s", out)
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %d lines, want header + 2", len(lines))
	}
	header := strings.Fields(lines[0])
	want := []string{"INDEX", "PLATFORM", "DEVICE", "TYPE", "CUS", "GLOBAL", "MEM", "LOCAL", "MEM", "MAX", "WG", "OPENCL", "C", "FP64"}
	if strings.Join(header, " ") != strings.Join(want, " ") {
		t.Errorf("header = %q", lines[0])
	}
	for _, s := range []string{"0:0", "NVIDIA CUDA", "NVIDIA GeForce RTX 4080", "GPU", " 76 ", "15.6 GiB", "48 KiB", "1024", "1.2", "yes"} {
		if !strings.Contains(lines[1], s) {
			t.Errorf("row %q lacks %q", lines[1], s)
		}
	}
	for _, s := range []string{"1:0", "Portable Computing Language", "CPU", "3 GiB", "512 KiB", "4096", "1.2 PoCL", "no"} {
		if !strings.Contains(lines[2], s) {
			t.Errorf("row %q lacks %q", lines[2], s)
		}
	}
	// Columns are aligned: every row starts its TYPE column at one offset.
	col := strings.Index(lines[0], "TYPE")
	if strings.Index(lines[1], "GPU") != col || strings.Index(lines[2], "CPU") != col {
		t.Errorf("TYPE column misaligned:\n%s", out)
	}
}

func TestDeviceBytes(t *testing.T) {
	for n, want := range map[uint64]string{
		0:              "0 B",
		512:            "512 B",
		1024:           "1 KiB",
		48 << 10:       "48 KiB",
		1536:           "1.5 KiB",
		16_750_000_000: "15.6 GiB",
		3 << 30:        "3 GiB",
		1<<20 - 1:      "1 MiB",
		1 << 60:        "1 EiB",
	} {
		if got := deviceBytes(n); got != want {
			t.Errorf("deviceBytes(%d) = %q, want %q", n, got, want)
		}
	}
}
