! double_jacobi: weighted (damped) Jacobi relaxation for -lap(A) = B in
! double precision, with the kind from kind(1.0d0) and literals written both
! as 1.0_dp and as 0.25d0:
!     oA = (1-omega) A + omega (A_w + A_e + A_s + A_n + h^2 B) / 4
! on the interior (halo [1,1,1,1]) of 2-D real(dp) arrays.
module double_jacobi
  use forocl_regions
  implicit none
  integer, parameter :: dp = kind(1.0d0)

contains

  subroutine jacobi_dp(omega, h, A, B, oA)
  !$OFP PURE, KERNEL :: jacobi_dp
    real(dp), intent(in) :: omega, h
    real(kind=dp), dimension(:,:), contiguous, intent(in) :: A, B
    real(dp), dimension(:,:), contiguous, intent(out), target :: oA
    real(dp), pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]; east  = [2,0,1,1]
    south = [1,1,0,2]; north = [1,1,2,0]

    pA => region_ptr(oA, halo)
    pA = (1.0_dp - omega)*region_cpy(A,halo)                            &
       + omega*0.25d0*( region_cpy(A,west) + region_cpy(A,east)         &
                      + region_cpy(A,south) + region_cpy(A,north)       &
                      + h*h*region_cpy(B,halo) )
  end subroutine jacobi_dp

end module double_jacobi
