! jacobi5: 5-point Jacobi relaxation for the Poisson equation
!     -lap(A) = F   on a uniform grid of spacing h,
! and the matching residual. Two kernels in one module.
!
! Both work on 2-D arrays of full extent (n1, n2) with a one-cell halo
! [1,1,1,1]; the four neighbours are the interior window shifted by one
! cell (west/east/south/north). Outputs are written on the interior only.
module jacobi5
  use forocl_regions
  implicit none

contains

  ! One Jacobi sweep: oA = (A_w + A_e + A_s + A_n + h^2 F) / 4.
  subroutine jacobi5_step(h, A, F, oA)
  !$OFP PURE, KERNEL :: jacobi5_step
    real, intent(in) :: h
    real, dimension(:,:), contiguous, intent(in) :: A, F
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]
    east  = [2,0,1,1]
    south = [1,1,0,2]
    north = [1,1,2,0]

    pA => region_ptr(oA, halo)
    pA = 0.25*( region_cpy(A,west) + region_cpy(A,east)         &
              + region_cpy(A,south) + region_cpy(A,north)       &
              + h*h*region_cpy(F,halo) )
  end subroutine jacobi5_step

  ! Residual of the 5-point discretisation: oR = F + lap_h(A).
  subroutine residual5(h, A, F, oR)
  !$OFP PURE, KERNEL :: residual5
    real, intent(in) :: h
    real, dimension(:,:), contiguous, intent(in) :: A, F
    real, dimension(:,:), contiguous, intent(out), target :: oR
    real, pointer, dimension(:,:) :: pR
    integer, dimension(4) :: halo, west, east, south, north

    halo  = [1,1,1,1]
    west  = [0,2,1,1]
    east  = [2,0,1,1]
    south = [1,1,0,2]
    north = [1,1,2,0]

    pR => region_ptr(oR, halo)
    pR = region_cpy(F,halo)                                     &
       + ( region_cpy(A,west) + region_cpy(A,east)              &
         + region_cpy(A,south) + region_cpy(A,north)            &
         - 4.0*region_cpy(A,halo) ) / (h*h)
  end subroutine residual5

end module jacobi5
