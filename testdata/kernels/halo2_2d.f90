! halo2_2d: explicit diffusion step with the fourth-order accurate Laplacian
!     d2A/dx2 ~ (-A(i-2) + 16 A(i-1) - 30 A(i) + 16 A(i+1) - A(i+2)) / (12 dx^2)
! (and the same in y). The stencil reaches two cells in every direction, so
! the interior is the region with halo [2,2,2,2] and the shifted windows have
! halos such as [0,4,2,2] (two cells west) or [2,2,3,1] (one cell north).
module halo2_2d
  use forocl_regions
  implicit none

contains

  subroutine diffuse4(nu, dt, dx, dy, A, oA)
  !$OFP PURE, KERNEL :: diffuse4
    real, intent(in) :: nu, dt, dx, dy
    real, dimension(:,:), contiguous, intent(in) :: A
    real, dimension(:,:), contiguous, intent(out), target :: oA
    real, pointer, dimension(:,:) :: pA
    integer, dimension(4) :: halo
    integer, dimension(4) :: w2, w1, e1, e2, s2, s1, n1, n2
    real :: cx, cy

    halo = [2,2,2,2]
    w2 = [0,4,2,2]; w1 = [1,3,2,2]; e1 = [3,1,2,2]; e2 = [4,0,2,2]
    s2 = [2,2,0,4]; s1 = [2,2,1,3]; n1 = [2,2,3,1]; n2 = [2,2,4,0]

    cx = nu*dt/(12.0*dx*dx)
    cy = nu*dt/(12.0*dy*dy)

    pA => region_ptr(oA, halo)
    pA = region_cpy(A,halo)                                            &
       + cx*( 16.0*(region_cpy(A,w1) + region_cpy(A,e1))               &
            - (region_cpy(A,w2) + region_cpy(A,e2))                    &
            - 30.0*region_cpy(A,halo) )                                &
       + cy*( 16.0*(region_cpy(A,s1) + region_cpy(A,n1))               &
            - (region_cpy(A,s2) + region_cpy(A,n2))                    &
            - 30.0*region_cpy(A,halo) )
  end subroutine diffuse4

end module halo2_2d
