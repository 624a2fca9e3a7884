! Region-dialect kernels that update an array in place (Note [region
! dialect updates in place] in sema/regioninout.go): region_ptr into an
! intent(inout) array, region_cpy of it at other offsets. Fortran reads
! the whole right-hand side before it assigns, so the update runs
! through a temporary.
module region_inout
  use forocl_regions
  implicit none
contains

  ! A damped 5-point smoothing of u's interior, in place, plus a source.
  subroutine smooth_inplace(c, u, f)
  !$OFP PURE, KERNEL :: smooth_inplace
    real, intent(in) :: c
    real, dimension(:,:), contiguous, intent(inout), target :: u
    real, dimension(:,:), contiguous, intent(in) :: f
    real, pointer, dimension(:,:) :: pu
    integer, dimension(4) :: halo, west, east, south, north
    halo  = [1,1,1,1]
    west  = [0,2,1,1]; east  = [2,0,1,1]
    south = [1,1,0,2]; north = [1,1,2,0]
    pu => region_ptr(u, halo)
    pu = pu + c*(region_cpy(u, west) + region_cpy(u, east) + region_cpy(u, south) &
                 + region_cpy(u, north) - 4.0*region_cpy(u, halo)) + region_cpy(f, halo)
  end subroutine smooth_inplace

  ! A 1-D shift-and-add with halos given as constructors in the calls.
  subroutine shift_add(w, x)
  !$OFP PURE, KERNEL :: shift_add
    real(8), dimension(:), contiguous, intent(inout), target :: w
    real(8), dimension(:), contiguous, intent(in) :: x
    real(8), pointer, dimension(:) :: pw
    pw => region_ptr(w, [1, 0])
    pw = region_cpy(w, [0, 1]) + 0.5d0*region_cpy(x, [1, 0])
  end subroutine shift_add

  ! Values above lo pulled down in place under WHERE, from their west
  ! neighbours: the mask and the right-hand side read u as it was.
  subroutine clip_inplace(lo, u)
  !$OFP PURE, KERNEL :: clip_inplace
    real, intent(in) :: lo
    real, dimension(:,:), contiguous, intent(inout), target :: u
    real, pointer, dimension(:,:) :: pu
    integer, dimension(4) :: halo
    halo = [1,1,1,1]
    pu => region_ptr(u, halo)
    where (pu > lo) pu = lo + 0.5*region_cpy(u, [0,2,1,1])
  end subroutine clip_inplace
end module region_inout
