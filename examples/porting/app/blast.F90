! blast: a mini-application written the way CloverLeaf is, for forocl's
! porting walkthrough (examples/porting/README.md): a driver with a time
! loop over kernel files, each a module of subroutines on explicit-shape
! arrays with halos. A dense, hot disc expands in a box with reflecting
! walls (an ideal gas on a fixed grid: equation of state, viscosity,
! acceleration, face fluxes, donor-cell advection in alternating sweeps).
!
!   blast [nx ny steps]      (default 64 48 60)
!
! Every 10 steps it prints the field summary (a reduction kernel) and the
! densest cell, found on the host. Built with -DFOROCL against the
! procedures of forocl port, it tells the runtime of its host reads and
! writes, for resident mode; built without, it is the CPU program.
program blast
#ifdef FOROCL
  use forocl_cl, only: forocl_update_host, forocl_update_device, forocl_finish
#endif
  use eos_kernel_module, only: eos_kernel
  use viscosity_kernel_module, only: viscosity_kernel
  use accelerate_kernel_module, only: accelerate_kernel
  use flux_kernel_module, only: flux_kernel
  use advect_kernel_module, only: advect_x_kernel, advect_y_kernel
  use halo_kernel_module, only: halo_cell_kernel, halo_node_kernel
  use summary_kernel_module, only: summary_kernel
  implicit none
  integer, parameter :: x_min = 1, y_min = 1
  real(kind=8), parameter :: width = 10.0d0, dt = 0.02d0
  integer :: x_max, y_max, steps, step, j, k, at(2)
  real(kind=8) :: dx, dy, vol, x, y, tvol, mass, ie, ke, press
  real(kind=8), allocatable :: celldx(:), celldy(:)
  real(kind=8), allocatable, dimension(:, :) :: density, energy, pressure, soundspeed, viscosity
  real(kind=8), allocatable, dimension(:, :) :: xvel, yvel
  real(kind=8), allocatable, dimension(:, :) :: vol_flux_x, mass_flux_x, ener_flux_x
  real(kind=8), allocatable, dimension(:, :) :: vol_flux_y, mass_flux_y, ener_flux_y

  x_max = argument(1, 64)
  y_max = argument(2, 48)
  steps = argument(3, 60)
  dx = width/x_max
  dy = dx
  vol = dx*dy
  allocate(celldx(x_min-2:x_max+2), celldy(y_min-2:y_max+2))
  allocate(density(x_min-2:x_max+2, y_min-2:y_max+2), energy(x_min-2:x_max+2, y_min-2:y_max+2))
  allocate(pressure(x_min-2:x_max+2, y_min-2:y_max+2), soundspeed(x_min-2:x_max+2, y_min-2:y_max+2))
  allocate(viscosity(x_min-2:x_max+2, y_min-2:y_max+2))
  allocate(xvel(x_min-2:x_max+3, y_min-2:y_max+3), yvel(x_min-2:x_max+3, y_min-2:y_max+3))
  allocate(vol_flux_x(x_min-2:x_max+3, y_min-2:y_max+2), mass_flux_x(x_min-2:x_max+3, y_min-2:y_max+2))
  allocate(ener_flux_x(x_min-2:x_max+3, y_min-2:y_max+2))
  allocate(vol_flux_y(x_min-2:x_max+2, y_min-2:y_max+3), mass_flux_y(x_min-2:x_max+2, y_min-2:y_max+3))
  allocate(ener_flux_y(x_min-2:x_max+2, y_min-2:y_max+3))

  ! The initial state: still gas, a dense hot disc off the centre.
  celldx = dx
  celldy = dy
  xvel = 0.0d0
  yvel = 0.0d0
  vol_flux_x = 0.0d0
  vol_flux_y = 0.0d0
  mass_flux_x = 0.0d0
  mass_flux_y = 0.0d0
  ener_flux_x = 0.0d0
  ener_flux_y = 0.0d0
  pressure = 0.0d0
  soundspeed = 0.0d0
  viscosity = 0.0d0
  do k = y_min - 2, y_max + 2
    do j = x_min - 2, x_max + 2
      x = (j - 0.5d0)*dx
      y = (k - 0.5d0)*dy
      if ((x - 0.4d0*width)**2 + (y - 0.35d0*width)**2 < 1.5d0**2) then
        density(j, k) = 2.0d0
        energy(j, k) = 12.0d0
      else
        density(j, k) = 1.0d0
        energy(j, k) = 2.5d0
      end if
    end do
  end do
  print '(a, i0, a, i0, a, i0, a)', 'blast: ', x_max, ' x ', y_max, ' cells, ', steps, ' steps'

  do step = 1, steps
    call eos_kernel(x_min, x_max, y_min, y_max, density, energy, pressure, soundspeed)
    call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, pressure)
    call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, density)
    call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, energy)
    call viscosity_kernel(x_min, x_max, y_min, y_max, celldx, celldy, density, soundspeed, xvel, yvel, viscosity)
    call halo_cell_kernel(x_min, x_max, y_min, y_max, 1, viscosity)
    call accelerate_kernel(x_min, x_max, y_min, y_max, dt, dx, dy, density, pressure, viscosity, xvel, yvel)
    call halo_node_kernel(x_min, x_max, y_min, y_max, 2, -1.0d0, 1.0d0, xvel)
    call halo_node_kernel(x_min, x_max, y_min, y_max, 2, 1.0d0, -1.0d0, yvel)
    call flux_kernel(x_min, x_max, y_min, y_max, dt, dx, dy, xvel, yvel, vol_flux_x, vol_flux_y)
    if (mod(step, 2) == 1) then
      call advect_x_kernel(x_min, x_max, y_min, y_max, vol, vol_flux_x, density, energy, mass_flux_x, ener_flux_x)
      call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, density)
      call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, energy)
      call advect_y_kernel(x_min, x_max, y_min, y_max, vol, vol_flux_y, density, energy, mass_flux_y, ener_flux_y)
    else
      call advect_y_kernel(x_min, x_max, y_min, y_max, vol, vol_flux_y, density, energy, mass_flux_y, ener_flux_y)
      call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, density)
      call halo_cell_kernel(x_min, x_max, y_min, y_max, 2, energy)
      call advect_x_kernel(x_min, x_max, y_min, y_max, vol, vol_flux_x, density, energy, mass_flux_x, ener_flux_x)
    end if

    if (step == steps/2) then
      ! A second deposit of energy, on the host, in the densest cell.
#ifdef FOROCL
      call forocl_update_host(density)
      call forocl_update_host(energy)
#endif
      at = maxloc(density(x_min:x_max, y_min:y_max)) + [x_min, y_min] - 1
      energy(at(1), at(2)) = energy(at(1), at(2)) + 40.0d0
#ifdef FOROCL
      call forocl_update_device(energy)
#endif
    end if

    if (mod(step, 10) == 0 .or. step == steps) then
      call summary_kernel(x_min, x_max, y_min, y_max, vol, density, energy, pressure, xvel, yvel, &
                          tvol, mass, ie, ke, press)
#ifdef FOROCL
      call forocl_update_host(density)
#endif
      at = maxloc(density(x_min:x_max, y_min:y_max)) + [x_min, y_min] - 1
      print '(a, i5, 5es25.16)', 'step', step, tvol, mass, ie, ke, press
      print '(a, 2i5, es25.16)', '  densest cell', at, density(at(1), at(2))
    end if
  end do

#ifdef FOROCL
  call forocl_update_host(xvel)
  call forocl_update_host(yvel)
#endif
  print '(a, 2es25.16)', 'velocity sums', sum(xvel(x_min:x_max+1, y_min:y_max+1)), &
      sum(yvel(x_min:x_max+1, y_min:y_max+1))
#ifdef FOROCL
  call forocl_finish()
#endif

contains

  ! argument is command-line argument i as an integer, or def without it.
  integer function argument(i, def)
    integer, intent(in) :: i, def
    character(len=32) :: s
    integer :: ios
    argument = def
    if (command_argument_count() < i) return
    call get_command_argument(i, s)
    read (s, *, iostat=ios) argument
    if (ios /= 0 .or. argument < 4) then
      print '(3a)', 'blast: argument "', trim(s), '" is not a size or step count of at least 4'
      stop 2
    end if
  end function argument
end program blast
