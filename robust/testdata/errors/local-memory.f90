! RUN: forocl build --strategy local --tile 16x8x8 -o out %s
subroutine k(a, c, d, e, f, b)  ! WARNING [local-memory] "kernel \"k\" needs 57 KiB of local memory per"
!$OFP PURE, KERNEL :: k
  real, dimension(:,:,:), contiguous, intent(in) :: a, c, d, e, f
  real, dimension(:,:,:), contiguous, intent(out), target :: b
  real, dimension(:,:,:), pointer :: pb
  integer, dimension(6) :: h, lo, hi
  h = [2, 2, 2, 2, 2, 2]
  lo = [0, 4, 0, 4, 0, 4]
  hi = [4, 0, 4, 0, 4, 0]
  pb => region_ptr(b, h)
  pb = region_cpy(a, lo) + region_cpy(a, hi) + region_cpy(c, lo) + region_cpy(c, hi) &
     + region_cpy(d, lo) + region_cpy(d, hi) + region_cpy(e, lo) + region_cpy(e, hi) &
     + region_cpy(f, lo) + region_cpy(f, hi)
end subroutine k
