! wave_loops: wave_advance of wave.f90 written as a legacy loop nest over
! explicit-shape arrays, as codes that predate array syntax write it: one
! OpenMP loop over the interior cells, each computing its four face values
! (shared faces are computed by both cells beside them) and its update.
! Every expression has the operands and the parenthesisation of the region
! form in wave.f90, so both give the same rounding: forocl's outputs of the
! two are bit-identical (examples/shallowwater tests).
module wave_loops
  implicit none
  real, parameter :: g = 9.80

contains

!$OFP PURE, KERNEL :: wave_advance_loops
subroutine wave_advance_loops(n1, n2, dx, dy, dt, H, U, V, oH, oU, oV)
  integer, intent(in) :: n1, n2
  real, intent(in) :: dx, dy, dt
  real, intent(in) :: H(n1, n2), U(n1, n2), V(n1, n2)
  real, intent(out) :: oH(n1, n2), oU(n1, n2), oV(n1, n2)
  real :: hl, ul, vl, hr, ur, vr, hd, ud, vd, hu, uu, vu
  integer :: i, j

  !$omp parallel do private(i, hl, ul, vl, hr, ur, vr, hd, ud, vd, hu, uu, vu)
  do j = 2, n2-1
    do i = 2, n1-1
      ! half-step values on the x faces left (i-1/2) and right (i+1/2)
      hl = 0.5*( H(i-1,j) + H(i,j) ) - (0.5*dt/dx)*( U(i,j) - U(i-1,j) )
      ul = 0.5*( U(i-1,j) + U(i,j) ) - (0.5*dt/dx)                           &
           *( ( U(i,j)**2/H(i,j) + 0.5*g*H(i,j)**2 )                         &
            - ( U(i-1,j)**2/H(i-1,j) + 0.5*g*H(i-1,j)**2 ) )
      vl = 0.5*( V(i-1,j) + V(i,j) ) - (0.5*dt/dx)                           &
           *( U(i,j)*V(i,j)/H(i,j) - U(i-1,j)*V(i-1,j)/H(i-1,j) )
      hr = 0.5*( H(i,j) + H(i+1,j) ) - (0.5*dt/dx)*( U(i+1,j) - U(i,j) )
      ur = 0.5*( U(i,j) + U(i+1,j) ) - (0.5*dt/dx)                           &
           *( ( U(i+1,j)**2/H(i+1,j) + 0.5*g*H(i+1,j)**2 )                   &
            - ( U(i,j)**2/H(i,j) + 0.5*g*H(i,j)**2 ) )
      vr = 0.5*( V(i,j) + V(i+1,j) ) - (0.5*dt/dx)                           &
           *( U(i+1,j)*V(i+1,j)/H(i+1,j) - U(i,j)*V(i,j)/H(i,j) )
      ! and on the y faces down (j-1/2) and up (j+1/2)
      hd = 0.5*( H(i,j-1) + H(i,j) ) - (0.5*dt/dy)*( V(i,j) - V(i,j-1) )
      ud = 0.5*( U(i,j-1) + U(i,j) ) - (0.5*dt/dy)                           &
           *( V(i,j)*U(i,j)/H(i,j) - V(i,j-1)*U(i,j-1)/H(i,j-1) )
      vd = 0.5*( V(i,j-1) + V(i,j) ) - (0.5*dt/dy)                           &
           *( ( V(i,j)**2/H(i,j) + 0.5*g*H(i,j)**2 )                         &
            - ( V(i,j-1)**2/H(i,j-1) + 0.5*g*H(i,j-1)**2 ) )
      hu = 0.5*( H(i,j) + H(i,j+1) ) - (0.5*dt/dy)*( V(i,j+1) - V(i,j) )
      uu = 0.5*( U(i,j) + U(i,j+1) ) - (0.5*dt/dy)                           &
           *( V(i,j+1)*U(i,j+1)/H(i,j+1) - V(i,j)*U(i,j)/H(i,j) )
      vu = 0.5*( V(i,j) + V(i,j+1) ) - (0.5*dt/dy)                           &
           *( ( V(i,j+1)**2/H(i,j+1) + 0.5*g*H(i,j+1)**2 )                   &
            - ( V(i,j)**2/H(i,j) + 0.5*g*H(i,j)**2 ) )
      ! the full step from the face fluxes
      oH(i,j) = H(i,j) - (dt/dx)*( ur - ul ) - (dt/dy)*( vu - vd )
      oU(i,j) = U(i,j)                                                       &
                - (dt/dx)*( ( ur**2/hr + 0.5*g*hr**2 ) - ( ul**2/hl + 0.5*g*hl**2 ) ) &
                - (dt/dy)*( vu*uu/hu - vd*ud/hd )
      oV(i,j) = V(i,j)                                                       &
                - (dt/dx)*( ur*vr/hr - ul*vl/hl )                            &
                - (dt/dy)*( ( vu**2/hu + 0.5*g*hu**2 ) - ( vd**2/hd + 0.5*g*hd**2 ) )
    end do
  end do
end subroutine wave_advance_loops

end module wave_loops
