! heat: the explicit heat-equation step of the README, a region kernel:
! oT = T + c * (the 5-point Laplacian of T) on the interior; the halo of oT
! is left alone.
module heat
  use forocl_regions
  implicit none
contains
  subroutine step(c, T, oT)
  !$OFP PURE, KERNEL :: step
    real, intent(in) :: c
    real, dimension(:,:), contiguous, intent(in) :: T
    real, dimension(:,:), contiguous, intent(out), target :: oT
    real, pointer, dimension(:,:) :: p
    integer, dimension(4) :: halo = [1,1,1,1]
    p => region_ptr(oT, halo)
    p = region_cpy(T, halo) + c*( region_cpy(T,[0,2,1,1]) + region_cpy(T,[2,0,1,1]) &
                                + region_cpy(T,[1,1,0,2]) + region_cpy(T,[1,1,2,0]) &
                                - 4*region_cpy(T, halo) )
  end subroutine
end module
